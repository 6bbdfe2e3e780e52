import type { MemberPayments } from '@krom/contracts/http/member-page';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import {
  bookingLedgerPath,
  PaymentStatusBadge,
  paymentsTabPath,
  payoutStatusLabels,
  pesewasText,
  refundCauseLabels,
  refundStatusLabels,
} from '../../payments/index.ts';
import { LatestTable } from './latest-table.tsx';

/** What the page's money section says to staff whose role may not read money (the BFF does not ask payments for them). */
export const paymentsRestrictedText = 'Payments are shown to finance staff and administrators only.';

const paymentColumns = ['Booking', 'Amount', 'Status', 'Wallet', 'Made'] as const;
const refundColumns = ['Booking', 'Amount', 'Why', 'Status', 'Wallet', 'Made'] as const;
const payoutColumns = ['Booking', 'Amount', 'Status', 'Wallet', 'Due', ''] as const;

/** A booking's ledger, where its payments, refunds and payouts show and staff give money back. */
const LedgerLink = ({ bookingId, back }: { bookingId: string; back: string }) => (
  <Link to={bookingLedgerPath(bookingId)} state={{ back }} aria-label={`Ledger of booking ${bookingId}`}>
    {bookingId.slice(0, 8)}
  </Link>
);

const Tone = ({ labels, status }: { labels: Record<string, { label: string; tone: StatusTone }>; status: string }) => (
  <StatusBadge tone={labels[status]?.tone ?? 'neutral'}>{labels[status]?.label ?? status}</StatusBadge>
);

/**
 * The member page's money: their payments as passenger, the refunds to them and their payouts as
 * driver, each leading to its booking's ledger (where staff refund); a payout needing attention
 * leads to the Payments tab, where staff try it again. `back` is this page, for the ledger's back link.
 */
export function MemberMoney({ money, back }: { money: MemberPayments; back: string }) {
  return (
    <>
      <SubSection aria-labelledby="member-payments-title">
        <h3 id="member-payments-title">Payments as passenger</h3>
        <LatestTable
          label="Latest payments as passenger"
          columns={paymentColumns}
          empty="No payments"
          list={money.paymentsAsPassenger}
          rowKey={(payment) => payment.id}
          cells={(payment) => [
            <LedgerLink key="booking" bookingId={payment.bookingId} back={back} />,
            pesewasText(payment.amountPesewas),
            <PaymentStatusBadge key="status" status={payment.status} />,
            payment.walletMasked,
            formatDateTime(payment.createdAt),
          ]}
        />
      </SubSection>
      <SubSection aria-labelledby="member-refunds-title">
        <h3 id="member-refunds-title">Refunds to this member</h3>
        <LatestTable
          label="Latest refunds to this member"
          columns={refundColumns}
          empty="No refunds"
          list={money.refundsTo}
          rowKey={(refund) => refund.id}
          cells={(refund) => [
            <LedgerLink key="booking" bookingId={refund.bookingId} back={back} />,
            pesewasText(refund.amountPesewas),
            refundCauseLabels[refund.cause] ?? refund.cause,
            <Tone key="status" labels={refundStatusLabels} status={refund.status} />,
            refund.walletMasked,
            formatDateTime(refund.createdAt),
          ]}
        />
      </SubSection>
      <SubSection aria-labelledby="member-payouts-title">
        <h3 id="member-payouts-title">Payouts as driver</h3>
        <LatestTable
          label="Latest payouts as driver"
          columns={payoutColumns}
          empty="No payouts"
          list={money.payoutsTo}
          rowKey={(payout) => payout.id}
          cells={(payout) => [
            <LedgerLink key="booking" bookingId={payout.bookingId} back={back} />,
            pesewasText(payout.amountPesewas),
            <Tone key="status" labels={payoutStatusLabels} status={payout.status} />,
            payout.walletMasked ?? 'No confirmed number',
            formatDateTime(payout.dueAt),
            payout.status === 'needs_attention' ? (
              <Link key="retry" to={paymentsTabPath}>
                Try again from the Payments tab
              </Link>
            ) : (
              ''
            ),
          ]}
        />
      </SubSection>
    </>
  );
}

const SubSection = styled.section`
  display: grid;
  gap: 8px;

  h3 { font-size: 1rem; }
`;
