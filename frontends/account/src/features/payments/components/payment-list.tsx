import type { Payment } from '@krom/contracts/http/payments';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import styled from 'styled-components';
import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import { formatCedis } from '@krom/contracts/money';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** What a payment was for: the ride's route when it paid for a booking. */
function describe(payment: Payment): string {
  if (payment.booking) return `${payment.booking.ride.from} → ${payment.booking.ride.to}`;
  return payment.direction === 'earned' ? 'Payment received' : 'Payment';
}

const methodName = (method: string) => method.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

export function PaymentList({ payments, label }: { payments: Payment[]; label: string }) {
  if (payments.length === 0) {
    return (
      <EmptyState title="No transactions yet" text="Payments for the rides you book or drive will appear here." />
    );
  }
  return (
    <List aria-label={label}>
      {payments.map((payment) => (
        <Row key={payment.id}>
          <div>
            <What>{describe(payment)}</What>
            <Meta>
              <time dateTime={payment.createdAt}>{formatDateTimeInGhana(payment.createdAt)}</time> · {methodName(payment.paymentMethod)}
              {payment.transactionId ? ` · Ref ${payment.transactionId}` : null}
            </Meta>
          </div>
          <End>
            <Amount $earned={payment.direction === 'earned'}>
              {payment.direction === 'earned' ? '+' : '−'}
              {formatCedis(payment.amount)}
            </Amount>
            <PaymentStatusBadge status={payment.status} />
          </End>
        </Row>
      ))}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Row = styled.li`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;

  & + & { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  > div:first-child { min-width: 0; }
`;

const What = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const End = styled.div`
  display: grid;
  justify-items: end;
  gap: 4px;
  flex: none;
`;

const Amount = styled.span<{ $earned: boolean }>`
  font-weight: 700;
  white-space: nowrap;
  color: ${({ $earned, theme }) => ($earned ? theme.color.primary : theme.color.text)};
`;
