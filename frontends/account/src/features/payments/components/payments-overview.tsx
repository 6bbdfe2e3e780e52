import type { PaymentsResponse } from '@krom/contracts/http/payments';
import styled from 'styled-components';
import { formatCedis } from '@krom/contracts/money';
import { PaymentList } from './payment-list.tsx';

/** This month's totals as the server computes them (payments less refunds paid back; payouts paid out), and the 5 latest transactions. */
export function PaymentsOverview({ data }: { data: PaymentsResponse }) {
  return (
    <Stack>
      <Totals>
        <Total aria-label="Total Spent">
          <span>Total Spent</span>
          <strong>{formatCedis(data.totals.totalSpent)}</strong>
          <small>This month</small>
        </Total>
        <Total aria-label="Total Earned">
          <span>Total Earned</span>
          <strong>{formatCedis(data.totals.totalEarned)}</strong>
          <small>This month</small>
        </Total>
      </Totals>
      <section aria-labelledby="recent-transactions">
        <h2 id="recent-transactions">Recent Transactions</h2>
        <PaymentList payments={data.payments.slice(0, 5)} label="Recent transactions" />
      </section>
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 20px;

  h2 {
    margin-bottom: 10px;
    font-size: 1.125rem;
  }
`;

const Totals = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

const Total = styled.section`
  display: grid;
  gap: 2px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};

  span { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; font-weight: 600; }
  strong { font-size: 1.25rem; overflow-wrap: anywhere; }
  small { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
`;
