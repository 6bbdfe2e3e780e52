import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { Button } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useExportWaitlist } from '../use-export-waitlist.ts';

export function WaitlistPanel({
  signups,
  isLoading,
  isError,
}: {
  signups: WaitlistSignup[];
  isLoading: boolean;
  isError: boolean;
}) {
  const exportWaitlist = useExportWaitlist();
  return (
    <>
      <PanelHeader>
        <PanelTitle>Waitlist Signups</PanelTitle>
        <Button $variant="secondary" disabled={signups.length === 0} onClick={() => exportWaitlist(signups)}>
          Export CSV
        </Button>
      </PanelHeader>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">The waitlist could not be loaded. Reload the page to try again.</p>
      ) : (
        <TableScroll tabIndex={0} aria-label="Waitlist signups table">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {signups.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={4}>No waitlist signups yet</EmptyCell>
                </tr>
              ) : (
                signups.map((signup) => (
                  <tr key={signup.id}>
                    <td data-label="Name">{signup.name}</td>
                    <td data-label="Email">{signup.email}</td>
                    <td data-label="Phone">{signup.phone}</td>
                    <td data-label="Joined">{formatDateTime(signup.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </>
  );
}
