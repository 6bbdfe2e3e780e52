import type { StaffBookingLedger } from '@krom/contracts/http/staff-payments';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { DataTable, EmptyCell, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useLocation, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { useBookingLedger } from '../api/get-booking-ledger.ts';
import { accountLabel, pesewasText, refundCauseLabels, sideText } from '../payment-labels.ts';
import { paymentsTabPath } from './booking-ledger-path.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { StaffRefundForm } from './staff-refund-form.tsx';

/** /admin/payments/bookings/:id: a booking's money as the ledger tells it, beside its payments. */
export function BookingLedgerPage() {
  const { id = '' } = useParams();
  const back = (useLocation().state as { back?: string } | null)?.back ?? paymentsTabPath;
  const ledger = useBookingLedger(id);
  return (
    <StaffPageMain>
      <BackLink to={back}>← Back to payments</BackLink>
      <PageTitle>
        <h1>Ledger of booking {id.slice(0, 8)}</h1>
      </PageTitle>
      <Muted>Booking id {id}</Muted>
      {ledger.isPending ? (
        <Spinner />
      ) : ledger.isError ? (
        <p role="alert">{failureText(ledger.error, 'This ledger could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <Ledger ledger={ledger.data} />
      )}
    </StaffPageMain>
  );
}

function Ledger({ ledger }: { ledger: StaffBookingLedger }) {
  return (
    <>
      <PageSection aria-labelledby="payments-title">
        <h2 id="payments-title">Payments</h2>
        {ledger.payments.length === 0 ? (
          <p>No mobile money payment for this booking.</p>
        ) : (
          <ul>
            {ledger.payments.map((payment) => (
              <li key={payment.id}>
                {pesewasText(payment.amountPesewas)} from {payment.walletMasked} · <PaymentStatusBadge status={payment.status} /> · {formatDateTime(payment.createdAt)}
                {payment.reason ? ` · ${payment.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      {ledger.payments.some((payment) => payment.status === 'succeeded') ? <StaffRefundForm bookingId={ledger.bookingId} /> : null}

      <PageSection aria-labelledby="refunds-title">
        <h2 id="refunds-title">Refunds and payout</h2>
        {ledger.refunds.length === 0 && ledger.payouts.length === 0 ? (
          <p>No refund or payout for this booking.</p>
        ) : (
          <ul>
            {ledger.refunds.map((refund) => (
              <li key={refund.id}>
                Refund of {pesewasText(refund.amountPesewas)} to {refund.walletMasked} · {refund.status}
                {refund.needsAttention ? ' · needs attention' : ''} · {refundCauseLabels[refund.cause] ?? refund.cause}
                {refund.staffReason ? ` · Reason: ${refund.staffReason}` : ''}
                {refund.reason ? ` · ${refund.reason}` : ''}
              </li>
            ))}
            {ledger.payouts.map((payout) => (
              <li key={payout.id}>
                Payout of {pesewasText(payout.amountPesewas)} to the driver · {payout.status}
                {payout.reason ? ` · ${payout.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection aria-labelledby="entries-title">
        <h2 id="entries-title">Entries</h2>
        <TableScroll aria-label="Entry lines">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">Account</th>
                <th scope="col">Debit</th>
                <th scope="col">Credit</th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={4}>Nothing posted for this booking yet</EmptyCell>
                </tr>
              ) : (
                ledger.entries.flatMap((entry) =>
                  entry.lines.map((line, index) => (
                    <tr key={`${entry.id}-${line.account}`}>
                      <td data-label="Entry">
                        {index === 0 ? (
                          <>
                            {entry.memo}
                            <Muted as="span">
                              {' '}
                              {entry.kind} · {formatDateTime(entry.postedAt)}
                            </Muted>
                          </>
                        ) : null}
                      </td>
                      <td data-label="Account" title={line.account}>
                        {accountLabel(line.account)}
                      </td>
                      <td data-label="Debit">{sideText(line.debitPesewas)}</td>
                      <td data-label="Credit">{sideText(line.creditPesewas)}</td>
                    </tr>
                  )),
                )
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      </PageSection>

      <PageSection aria-labelledby="net-title">
        <h2 id="net-title">Net per account</h2>
        <TableScroll aria-label="Net balances">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Net (debits less credits)</th>
              </tr>
            </thead>
            <tbody>
              {ledger.balances.map((balance) => (
                <tr key={balance.account}>
                  <td data-label="Account" title={balance.account}>
                    {accountLabel(balance.account)}
                  </td>
                  <td data-label="Net">{pesewasText(balance.netPesewas)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </PageSection>
    </>
  );
}
