import type { AdminUser } from '@krom/contracts/http/admin';
import { DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { CreateAdminForm } from './create-admin-form.tsx';

export function AdminUsersPanel({
  admins,
  isLoading,
  isError,
}: {
  admins: AdminUser[];
  isLoading: boolean;
  isError: boolean;
}) {
  return (
    <>
      <PanelHeader>
        <PanelTitle>Admin Users</PanelTitle>
      </PanelHeader>
      <CreateAdminForm />
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">The admin users could not be loaded. Reload the page to try again.</p>
      ) : (
        <TableScroll tabIndex={0} aria-label="Admin users table">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {admins.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={2}>No admin users yet</EmptyCell>
                </tr>
              ) : (
                admins.map((admin) => (
                  <tr key={admin.id}>
                    <td data-label="Username">{admin.username}</td>
                    <td data-label="Created">{formatDateTime(admin.createdAt)}</td>
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
