import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import type { Payment } from '@krom/contracts/http/payments';
import { formatMoney } from '@krom/contracts/money';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const kindNames: Record<Payment['kind'], string> = { payment: 'Payment', refund: 'Refund', payout: 'Payout' };

/** What a row was for: the ride's route when it belongs to a booking, and what kind of money it was. */
function describe(payment: Payment): string {
  const route = payment.booking ? `${payment.booking.ride.from} → ${payment.booking.ride.to}` : null;
  if (payment.kind === 'payment') return route ?? 'Payment';
  return route ? `${kindNames[payment.kind]}: ${route}` : kindNames[payment.kind];
}

const methodName = (method: string) => method.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

/** Money that came to the member (a refund paid back, a payout) reads +, a payment −. */
const comesIn = (payment: Payment) => payment.kind !== 'payment';

export function PaymentList({ payments, label }: { payments: Payment[]; label: string }) {
  if (payments.length === 0) {
    return <EmptyState title="No transactions yet" text="Payments for the rides you book or drive will appear here." />;
  }
  return (
    <List aria-label={label}>
      {payments.map((payment) => (
        <Row key={payment.id} data-kind={payment.kind}>
          <div>
            <What>{describe(payment)}</What>
            <Meta>
              <time dateTime={payment.createdAt}>{formatDateTimeInGhana(payment.createdAt)}</time> · {methodName(payment.paymentMethod)}
              {payment.transactionId ? ` · Ref ${payment.transactionId}` : null}
            </Meta>
            {payment.receiptId ? (
              <ReceiptLink to={`/payments/receipt/${payment.receiptId}`} aria-label={`Receipt for ${describe(payment)}, ${formatDateTimeInGhana(payment.createdAt)}`}>
                Receipt
              </ReceiptLink>
            ) : null}
          </div>
          <End>
            <Amount $in={comesIn(payment)}>
              {comesIn(payment) ? '+' : '−'}
              {formatMoney(payment.amount, payment.currency)}
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

const ReceiptLink = styled(Link)`
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;

const End = styled.div`
  display: grid;
  justify-items: end;
  gap: 4px;
  flex: none;
`;

const Amount = styled.span<{ $in: boolean }>`
  font-weight: 700;
  white-space: nowrap;
  color: ${({ $in, theme }) => ($in ? theme.color.primary : theme.color.text)};
`;
