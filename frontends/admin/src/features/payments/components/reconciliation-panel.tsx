import type { Reconciliation } from '@krom/contracts/http/staff-payments';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { DataTable, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, formatDateTime } from '../../../lib/format-date-time.ts';
import { useLatestReconciliation } from '../api/get-latest-reconciliation.ts';
import { useRunReconciliation } from '../api/run-reconciliation.ts';
import { accountLabels, movementLabels, pesewasText } from '../payment-labels.ts';
import { bookingLedgerPath } from './booking-ledger-path.ts';

/**
 * The reconciliation: Run reconciliation checks the books balance and reads the last 30 days'
 * payments again at the gateway; the last result stays shown, with who ran it and when, and every
 * mismatch in words. `adminName` names the staff member who ran it.
 */
export function ReconciliationPanel({ adminName }: { adminName: (adminId: string) => string }) {
  const latest = useLatestReconciliation();
  const run = useRunReconciliation();
  const result = latest.data?.reconciliation ?? null;
  return (
    <Section aria-labelledby="reconciliation-title">
      <Header>
        <h2 id="reconciliation-title">Reconciliation</h2>
        <Button disabled={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? 'Running…' : 'Run reconciliation'}
        </Button>
      </Header>
      {run.isError ? <p role="alert">{failureText(run.error, 'The reconciliation could not be run. Please try again.')}</p> : null}
      {latest.isPending ? (
        <Spinner />
      ) : latest.isError ? (
        <p role="alert">{failureText(latest.error, 'The last reconciliation could not be loaded.')}</p>
      ) : result === null ? (
        <p>No reconciliation has been run yet.</p>
      ) : (
        <Result result={result} adminName={adminName} />
      )}
    </Section>
  );
}

function Result({ result, adminName }: { result: Reconciliation; adminName: (adminId: string) => string }) {
  return (
    <>
      <Summary role="status">
        {result.passed ? <StatusBadge tone="success">Passed</StatusBadge> : <StatusBadge tone="danger">{`${result.mismatches.length} mismatch${result.mismatches.length === 1 ? '' : 'es'}`}</StatusBadge>}
        <span>
          Ran {formatDateTime(result.ranAt)} by {adminName(result.ranBy)}
        </span>
      </Summary>
      <p>
        {result.books.balanced ? 'The books balance: every entry balances and the accounts sum to GH₵0.00.' : `The books do not balance: the accounts sum to ${pesewasText(result.books.totalPesewas)}.`}{' '}
        {`${result.checked} payment${result.checked === 1 ? '' : 's'} made since ${formatDate(result.since)} read again at the gateway (at most ${result.limit}).`}
        {result.truncated ? ' Older payments of the window were not read: run it again later or look at them one by one.' : ''}
      </p>
      {result.mismatches.length > 0 ? (
        <Mismatches aria-label="Mismatches">
          {result.mismatches.map((mismatch) => (
            <li key={`${mismatch.kind}-${mismatch.reference ?? ''}-${mismatch.text}`}>
              {mismatch.bookingId ? (
                <>
                  <Link to={bookingLedgerPath(mismatch.bookingId)}>Booking {mismatch.bookingId.slice(0, 8)}</Link>:{' '}
                </>
              ) : null}
              {mismatch.text}
            </li>
          ))}
        </Mismatches>
      ) : null}
      <TableScroll aria-label="Books and gateway totals">
        <DataTable>
          <thead>
            <tr>
              <th scope="col">Movement</th>
              <th scope="col">Books</th>
              <th scope="col">Gateway</th>
            </tr>
          </thead>
          <tbody>
            {result.gatewayTotals.map((total) => (
              <tr key={total.movement}>
                <td data-label="Movement">{movementLabels[total.movement] ?? total.movement}</td>
                <td data-label="Books">{pesewasText(total.booksPesewas)}</td>
                <td data-label="Gateway">{pesewasText(total.gatewayPesewas)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
      <TableScroll aria-label="Account totals">
        <DataTable>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Debits</th>
              <th scope="col">Credits</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {result.books.accounts.map((account) => (
              <tr key={account.type}>
                <td data-label="Account">
                  {accountLabels[account.type] ?? account.type}
                  {account.accounts > 1 ? ` (${account.accounts})` : ''}
                </td>
                <td data-label="Debits">{pesewasText(account.debitsPesewas)}</td>
                <td data-label="Credits">{pesewasText(account.creditsPesewas)}</td>
                <td data-label="Balance">{pesewasText(account.balancePesewas)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;
  margin-top: 16px;

  h2 { font-size: 1.125rem; }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Summary = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Mismatches = styled.ul`
  display: grid;
  gap: 8px;
  padding-left: 20px;
  margin: 0;
`;
