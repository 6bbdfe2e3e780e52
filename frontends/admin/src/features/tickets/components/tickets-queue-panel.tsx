import type { StaffTicketQueueQuery } from '@krom/contracts/http/staff-tickets';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useTicketQueue } from '../api/staff-tickets.ts';
import { MemberReportTag } from './member-report-tag.tsx';
import { ageOf, categoryFilterOptions, priorityFilterOptions, priorityLabels, staffCategoryLabels, staffStatusLabels, statusFilterOptions } from '../ticket-labels.ts';

/** Where a queue row leads: the ticket's own page. */
export const ticketPath = (id: string) => `/admin/tickets/${id}`;

const columns = ['Subject', 'Category', 'Priority', 'Status', 'Claimed', 'Age'] as const;

/**
 * The Tickets tab: members' support tickets, safety reports first and then the oldest, filtered
 * by status (all but closed by default), category and priority; each row opens the ticket.
 * The filters live in the address (the dashboard keeps them), so coming back shows the same view.
 */
export function TicketsQueuePanel({ filters, onFilters }: { filters: StaffTicketQueueQuery; onFilters: (filters: StaffTicketQueueQuery) => void }) {
  const queue = useTicketQueue(filters);
  const tickets = queue.data?.tickets ?? [];
  const set = (key: keyof StaffTicketQueueQuery) => (value: string) => {
    const next: Record<string, string> = { ...filters };
    if (value === '') delete next[key];
    else next[key] = value;
    onFilters(next as StaffTicketQueueQuery);
  };
  return (
    <>
      <PanelHeader>
        <PanelTitle>Support Tickets</PanelTitle>
      </PanelHeader>
      <Filters>
        <Select inline label="Status" name="status" options={statusFilterOptions} value={filters.status ?? ''} onValueChange={set('status')} />
        <Select inline label="Category" name="category" options={categoryFilterOptions} value={filters.category ?? ''} onValueChange={set('category')} />
        <Select inline label="Priority" name="priority" options={priorityFilterOptions} value={filters.priority ?? ''} onValueChange={set('priority')} />
      </Filters>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p role="alert">The ticket queue could not be loaded. Reload the page to try again.</p>
      ) : (
        <TableScroll aria-label="Support tickets table">
          <DataTable>
            <ColumnHeads columns={columns} />
            <tbody>
              {tickets.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={columns.length}>No tickets</EmptyCell>
                </tr>
              ) : (
                tickets.map((ticket) => (
                  <tr key={ticket.id}>
                    <td data-label="Subject">
                      <Link to={ticketPath(ticket.id)}>{ticket.subject}</Link>
                      {ticket.memberReport ? (
                        <ReportLine>
                          <MemberReportTag /> Reported member: {ticket.memberReport.reportedId}
                        </ReportLine>
                      ) : null}
                    </td>
                    <td data-label="Category">{staffCategoryLabels[ticket.category]}</td>
                    <td data-label="Priority">{priorityLabels[ticket.priority]}</td>
                    <td data-label="Status">{staffStatusLabels[ticket.status]}</td>
                    <td data-label="Claimed">{ticket.claimedBy ? 'Yes' : 'No'}</td>
                    <td data-label="Age">{ageOf(ticket.createdAt)}</td>
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

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
`;

const ReportLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  margin-top: 4px;
  overflow-wrap: anywhere;
`;
