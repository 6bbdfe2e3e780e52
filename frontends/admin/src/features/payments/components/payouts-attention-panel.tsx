import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { usePayoutsNeedingAttention } from '../api/get-payouts-needing-attention.ts';
import { useRetryPayout } from '../api/retry-payout.ts';
import { pesewasText } from '../payment-labels.ts';
import { bookingLedgerPath } from './booking-ledger-path.ts';

const columns = ['Booking', 'Amount', 'Why', 'Attempts', 'Wallet', 'Since', ''] as const;

/** Payouts that kept failing or have no confirmed number to go to: staff look into each and ask again. */
export function PayoutsAttentionPanel({ adminName }: { adminName: (adminId: string) => string }) {
  const { toast } = useToast();
  const list = usePayoutsNeedingAttention();
  const retry = useRetryPayout();
  const onRetry = (payoutId: string) =>
    retry.mutate(payoutId, {
      onSuccess: () => toast({ title: 'Payout asked again', description: 'It goes out with the next run of the payouts.' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Not asked again', description: failureText(error, 'The payout could not be asked again. Please try again.') }),
    });
  return (
    <Section aria-labelledby="payouts-attention-title">
      <h2 id="payouts-attention-title">Payouts needing attention</h2>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{failureText(list.error, 'The payouts could not be loaded.')}</p>
      ) : (
        <TableScroll aria-label="Payouts needing attention">
          <DataTable>
            <ColumnHeads columns={columns} />
            <tbody>
              {list.data.payouts.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={columns.length}>No payouts need attention</EmptyCell>
                </tr>
              ) : (
                list.data.payouts.map((payout) => (
                  <tr key={payout.id}>
                    <td data-label="Booking">
                      <Link to={bookingLedgerPath(payout.bookingId)}>{payout.bookingId.slice(0, 8)}</Link>
                    </td>
                    <td data-label="Amount">{pesewasText(payout.amountPesewas)}</td>
                    <td data-label="Why">
                      {payout.reason ?? ''}
                      {payout.retriedBy ? <Muted>Asked again by {adminName(payout.retriedBy)}</Muted> : null}
                    </td>
                    <td data-label="Attempts">{payout.attempts}</td>
                    <td data-label="Wallet">{payout.walletMasked ?? 'No confirmed number'}</td>
                    <td data-label="Since">{formatDateTime(payout.updatedAt)}</td>
                    <td data-label="">
                      <Button $variant="secondary" disabled={retry.isPending} onClick={() => onRetry(payout.id)} aria-label={`Try payout of booking ${payout.bookingId.slice(0, 8)} again`}>
                        Try again
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;
  margin-top: 16px;

  h2 { font-size: 1.125rem; }
`;

const Muted = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;
