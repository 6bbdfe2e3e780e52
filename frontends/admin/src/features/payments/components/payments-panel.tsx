import { paymentStatuses } from '@krom/contracts/events/payments';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { type PaymentFilters, useSearchPayments } from '../api/search-payments.ts';
import { paymentStatusLabels, pesewasText } from '../payment-labels.ts';
import { bookingLedgerPath } from './booking-ledger-path.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { PayoutsAttentionPanel } from './payouts-attention-panel.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';

const columns = ['Booking', 'Status', 'Amount', 'Fare + fee', 'Wallet', 'Gateway', 'Made'] as const;
const statusOptions = [{ value: '', label: 'All' }, ...paymentStatuses.map((status) => ({ value: status, label: paymentStatusLabels[status].label }))];

/**
 * The Payments tab: payments by status, booking id and the wallet's phone (local or +233), newest
 * first, 50 a page; each leads to its booking's ledger. Below, the payouts needing attention and
 * the reconciliation. `filters` live
 * in the address (kept by the dashboard), so coming back from a ledger shows the same list.
 */
export function PaymentsPanel({
  filters,
  onFilters,
  adminName,
}: { filters: PaymentFilters; onFilters: (filters: PaymentFilters) => void; adminName: (adminId: string) => string }) {
  const [status, setStatus] = useState(filters.status ?? '');
  const [bookingId, setBookingId] = useState(filters.bookingId ?? '');
  const [phone, setPhone] = useState(filters.phone ?? '');
  const results = useSearchPayments(filters);
  const location = useLocation();
  const page = Number(filters.page ?? '1');

  const filtered = (changes: PaymentFilters): PaymentFilters =>
    Object.fromEntries(Object.entries({ status, bookingId: bookingId.trim(), phone: phone.trim(), ...changes }).filter(([, value]) => value !== '' && value !== undefined));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilters(filtered({}));
  };
  const toPage = (next: number) => onFilters({ ...filters, page: next === 1 ? undefined : String(next) });

  return (
    <>
      <PanelHeader>
        <PanelTitle>Payments</PanelTitle>
      </PanelHeader>
      <FilterForm role="search" aria-label="Find payments" noValidate onSubmit={onSubmit}>
        <Select label="Status" name="status" value={status} options={statusOptions} onValueChange={setStatus} />
        <TextField label="Booking id" name="bookingId" autoComplete="off" value={bookingId} onValueChange={setBookingId} />
        <TextField label="Wallet phone" name="phone" autoComplete="off" inputMode="tel" value={phone} onValueChange={setPhone} />
        <Button type="submit">Search</Button>
      </FilterForm>
      {results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <p role="alert">{failureText(results.error, 'The payments could not be loaded. Please try again.')}</p>
      ) : (
        <>
          <TableScroll aria-label="Payments found">
            <DataTable>
              <ColumnHeads columns={columns} />
              <tbody>
                {results.data.payments.length === 0 ? (
                  <tr>
                    <EmptyCell colSpan={columns.length}>No payments found</EmptyCell>
                  </tr>
                ) : (
                  results.data.payments.map((payment) => (
                    <tr key={payment.id}>
                      <td data-label="Booking">
                        <IdLink to={bookingLedgerPath(payment.bookingId)} state={{ back: `${location.pathname}${location.search}` }} aria-label={`Ledger of booking ${payment.bookingId}`}>
                          {payment.bookingId.slice(0, 8)}
                        </IdLink>
                      </td>
                      <td data-label="Status">
                        <Badges>
                          <PaymentStatusBadge status={payment.status} />
                          {payment.held ? <StatusBadge tone="danger">Held: other amount</StatusBadge> : null}
                        </Badges>
                        {payment.reason ? <Muted>{payment.reason}</Muted> : null}
                      </td>
                      <td data-label="Amount">{pesewasText(payment.amountPesewas)}</td>
                      <td data-label="Fare + fee">
                        {pesewasText(payment.farePesewas)} + {pesewasText(payment.feePesewas)}
                      </td>
                      <td data-label="Wallet">
                        {payment.walletMasked}
                        <Muted>{payment.walletNetwork}</Muted>
                      </td>
                      <td data-label="Gateway">
                        {payment.provider}
                        {payment.providerReference ? <Muted>{payment.providerReference}</Muted> : null}
                      </td>
                      <td data-label="Made">{formatDateTime(payment.createdAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
          </TableScroll>
          {page > 1 || results.data.hasMore ? (
            <Pages aria-label="Pages">
              <Button $variant="secondary" disabled={page <= 1} onClick={() => toPage(page - 1)}>
                Newer
              </Button>
              <span>Page {page}</span>
              <Button $variant="secondary" disabled={!results.data.hasMore} onClick={() => toPage(page + 1)}>
                Older
              </Button>
            </Pages>
          ) : null}
        </>
      )}
      <PayoutsAttentionPanel adminName={adminName} />
      <ReconciliationPanel adminName={adminName} />
    </>
  );
}

const FilterForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;

  > div { flex: 1 1 12rem; }
`;

const IdLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-family: ui-monospace, monospace;
  font-weight: 700;
`;

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Muted = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Pages = styled.nav`
  display: flex;
  align-items: center;
  gap: 12px;
`;
