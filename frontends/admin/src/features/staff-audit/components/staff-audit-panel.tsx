import type { AdminUser } from '@krom/contracts/http/admin';
import type { StaffAuditEntry } from '@krom/contracts/http/staff-audit';
import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import { staffRoleLabels } from '@krom/contracts/http/staff-roles-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type StaffAuditFilters, staffAuditFilterKeys, useStaffAudit } from '../api/get-staff-audit.ts';
import { useFilterDraft } from '../../../lib/filter-form.ts';
import { OlderPages } from '../../../lib/older-pages.tsx';
import { CellNote, Code, Filters } from '../../../lib/filter-table-parts.ts';

const columns = ['When', 'Who', 'What', 'Target', 'Why'] as const;

/**
 * The Audit log tab (administrators): every staff action any service recorded, newest first, 50
 * at a time with older ones on demand, filtered by staff member, action, target and days (Ghana
 * time). Read-only: the log is append-only. `filters` live in the address (kept by the dashboard).
 */
export function StaffAuditPanel({
  filters,
  onFilters,
  admins,
}: { filters: StaffAuditFilters; onFilters: (filters: StaffAuditFilters) => void; admins: AdminUser[] }) {
  const { field, onSubmit } = useFilterDraft(staffAuditFilterKeys, filters, onFilters);
  const log = useStaffAudit(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const nameOf = (adminId: string) => admins.find((admin) => admin.id === adminId)?.username ?? adminId;
  const staffOptions = [{ value: '', label: 'Everyone' }, ...admins.map((admin) => ({ value: admin.id, label: admin.username }))];

  return (
    <>
      <PanelHeader>
        <PanelTitle>Audit log</PanelTitle>
      </PanelHeader>
      <Filters role="search" aria-label="Filter the audit log" noValidate onSubmit={onSubmit}>
        <Select label="Staff member" options={staffOptions} {...field('actorId')} />
        <TextField label="Action" hint="For example booking.cancelled" autoComplete="off" autoCapitalize="none" {...field('action')} />
        <TextField label="Target type" hint="For example booking" autoComplete="off" autoCapitalize="none" {...field('targetType')} />
        <TextField label="Target id" autoComplete="off" autoCapitalize="none" {...field('targetId')} />
        <TextField label="From (day)" type="date" {...field('from')} />
        <TextField label="To (day)" type="date" {...field('to')} />
        <Button type="submit">Filter</Button>
      </Filters>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <p role="alert">{failureText(log.error, 'The audit log could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <>
          <TableScroll aria-label="Audit log table">
            <DataTable>
              <ColumnHeads columns={columns} />
              <tbody>
                {entries.length === 0 ? (
                  <tr>
                    <EmptyCell colSpan={columns.length}>No staff actions found</EmptyCell>
                  </tr>
                ) : (
                  entries.map((entry) => <AuditRow key={entry.id} entry={entry} who={nameOf(entry.actorId)} />)
                )}
              </tbody>
            </DataTable>
          </TableScroll>
          <OlderPages list={log} what="entries" />
        </>
      )}
    </>
  );
}

function AuditRow({ entry, who }: { entry: StaffAuditEntry; who: string }) {
  const details = Object.entries(entry.details).filter(([, value]) => value !== null && value !== '');
  return (
    <tr>
      <td data-label="When">
        <time dateTime={entry.actedAt}>{formatDateTimeInGhana(entry.actedAt)}</time>
      </td>
      <td data-label="Who">
        {who}
        <CellNote>{entry.actorRoles.map((role) => staffRoleLabels[role]).join(', ')}</CellNote>
      </td>
      <td data-label="What">
        <Code>{entry.action}</Code>
        <CellNote>in {entry.service}</CellNote>
        {details.length > 0 ? <CellNote>{details.map(([key, value]) => `${key}: ${String(value)}`).join('; ')}</CellNote> : null}
      </td>
      <td data-label="Target">
        {entry.targetType} <Code>{entry.targetId}</Code>
      </td>
      <td data-label="Why">{entry.reason ?? '—'}</td>
    </tr>
  );
}
