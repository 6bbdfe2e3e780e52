import type { AdminUser } from '@krom/contracts/http/admin';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { CreateAdminForm } from './create-admin-form.tsx';
import { StaffRolesEditor } from './staff-roles-editor.tsx';

const columns = ['Username', 'Roles', 'Created'] as const;

export function AdminUsersPanel({
  admins,
  isLoading,
  isError,
  signedInId,
}: {
  admins: AdminUser[];
  isLoading: boolean;
  isError: boolean;
  /** The administrator using the panel, whose own administrator role stays. */
  signedInId: string;
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
            <ColumnHeads columns={columns} />
            <tbody>
              {admins.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={columns.length}>No admin users yet</EmptyCell>
                </tr>
              ) : (
                admins.map((admin) => (
                  <tr key={admin.id}>
                    <td data-label="Username">{admin.username}</td>
                    <td data-label="Roles">
                      {/* Keyed by the saved roles, so the boxes start again from what the server holds. */}
                      <StaffRolesEditor key={admin.roles.join(',')} admin={admin} isSelf={admin.id === signedInId} />
                    </td>
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
