import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import type { PaymentReceipt } from '@krom/contracts/http/payment-receipts';
import { formatMoney } from '@krom/contracts/money';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { usePaymentReceipt } from '../api/get-payment-receipt.ts';
import { providerNames } from '../format-payment.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** /payments/receipt/:id: one payment's receipt, for its passenger, to read or print. Signed-out visitors go to /login. */
export function PaymentReceiptPage() {
  const { id = '' } = useParams();
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <ReceiptContent id={id} />
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function ReceiptContent({ id }: { id: string }) {
  const receipt = usePaymentReceipt(id);
  if (receipt.isPending) return <Spinner />;
  if (receipt.isError) {
    const missing = statusOf(receipt.error) === 404;
    return (
      <>
        <h1>Receipt</h1>
        <p role="alert">{missing ? 'This receipt was not found.' : 'The receipt could not be loaded.'}</p>
        <Actions>
          {missing ? null : (
            <Button $variant="secondary" onClick={() => receipt.refetch()}>
              Try again
            </Button>
          )}
          <BackToPayments />
        </Actions>
      </>
    );
  }
  return <Receipt receipt={receipt.data} />;
}

function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  const money = (amount: string) => formatMoney(amount, receipt.currency);
  return (
    <>
      <PrintOnlyTheReceipt />
      <Sheet id="payment-receipt" aria-labelledby="receipt-title">
        <Heading>
          <h1 id="receipt-title">Receipt</h1>
          <PaymentStatusBadge status={receipt.status} />
        </Heading>
        <Facts>
          <dt>Booking reference</dt>
          <dd>{receipt.bookingReference}</dd>
          <dt>Route</dt>
          <dd>{receipt.route ? `${receipt.route.from} → ${receipt.route.to}` : 'Not recorded'}</dd>
          <dt>Date</dt>
          <dd>
            <time dateTime={receipt.createdAt}>{formatDateTimeInGhana(receipt.createdAt)}</time>
          </dd>
          <dt>Paid with</dt>
          <dd>
            {providerNames[receipt.wallet.provider]} mobile money {receipt.wallet.number}
          </dd>
          <dt>Gateway reference</dt>
          <dd>{receipt.gatewayReference ?? 'Not given yet'}</dd>
        </Facts>
        <Amounts aria-label="Amounts">
          <tbody>
            <tr>
              <th scope="row">Fare</th>
              <td>{money(receipt.fare)}</td>
            </tr>
            <tr>
              <th scope="row">Service fee</th>
              <td>{money(receipt.fee)}</td>
            </tr>
            <tr className="total">
              <th scope="row">Total</th>
              <td>{money(receipt.total)}</td>
            </tr>
          </tbody>
        </Amounts>
        {receipt.refunds.length > 0 ? (
          <section aria-labelledby="receipt-refunds">
            <h2 id="receipt-refunds">Refunds</h2>
            <ul>
              {receipt.refunds.map((refund) => (
                <li key={refund.id}>
                  <time dateTime={refund.createdAt}>{formatDateTimeInGhana(refund.createdAt)}</time>: {money(refund.amount)}{' '}
                  {refundStates[refund.status]}
                </li>
              ))}
            </ul>
            <p>
              Refunded in all: <strong>{money(receipt.refundedTotal)}</strong>
            </p>
          </section>
        ) : null}
      </Sheet>
      <Actions className="receipt-actions">
        <Button $variant="primary" onClick={() => window.print()}>
          Print receipt
        </Button>
        <BackToPayments />
      </Actions>
    </>
  );
}

/** A refund as the passenger reads it: back in the wallet, asked of the gateway, or given up for now (it is retried). */
const refundStates: Record<PaymentReceipt['refunds'][number]['status'], string> = {
  completed: 'paid back',
  pending: 'on its way',
  failed: 'not paid back yet',
};

const BackToPayments = () => (
  <ButtonLink to="/payments" $variant="secondary">
    Back to Payments
  </ButtonLink>
);

/** On paper, the receipt alone: the frame, menus and buttons stay on the screen. */
const PrintOnlyTheReceipt = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #payment-receipt, #payment-receipt * { visibility: visible; }
    #payment-receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: none; }
  }
`;

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 560px;
  margin: 0 auto;
  width: 100%;
`;

const Sheet = styled.article`
  display: grid;
  gap: 16px;
  padding: 18px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};

  h2 { font-size: 1rem; margin-bottom: 6px; }
  ul { margin: 0 0 6px; padding-left: 18px; }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  h1 { font-size: 1.5rem; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;

  dt { color: ${({ theme }) => theme.color.muted}; font-size: 0.875rem; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Amounts = styled.table`
  width: 100%;
  border-collapse: collapse;

  th { text-align: left; font-weight: 400; }
  td { text-align: right; white-space: nowrap; }
  th, td { padding: 6px 0; border-top: 1px solid ${({ theme }) => theme.color.border}; }
  .total th, .total td { font-weight: 700; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
