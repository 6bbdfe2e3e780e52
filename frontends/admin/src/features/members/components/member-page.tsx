import type { MemberAccount, MemberCases, MemberPage as MemberPageData, MemberRideActivity } from '@krom/contracts/http/member-page';
import { memberReportReasonLabels } from '@krom/contracts/http/member-safety-values';
import type { RideStatus } from '@krom/contracts/http/ride-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { ColumnHeads, DataTable, EmptyCell, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BookingStatusBadge } from '../../../lib/booking-status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { priorityLabels, reportSourceLabels, staffCategoryLabels, staffStatusLabels } from '../../tickets/index.ts';
import { useMemberPage } from '../api/get-member-page.ts';
import { verificationLabel } from '../member-labels.ts';
import { SuspensionActions } from './suspension-actions.tsx';

/** The Members tab, as the dashboard opens it (the search it came from, when it came from one). */
export const membersTabPath = '/admin?tab=members';

/** What a section whose service did not answer says instead (the rest of the page still shows). */
export const sectionUnavailableText = 'This section could not be loaded. Try again later.';

const rideStatusLabels: Record<RideStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  completed: { label: 'Completed', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

const rideColumns = ['Route', 'Departure', 'Status'] as const;
const bookingColumns = ['Route', 'Departure', 'Seats', 'Status', 'Booked'] as const;
const reportColumns = ['Reason', 'Reported from', 'Reported', 'Case'] as const;
const ticketColumns = ['Subject', 'Category', 'Status', 'Priority', 'Opened'] as const;

/**
 * /admin/members/:id: one member's account, their rides as driver and bookings as passenger, the
 * reports made about them and their support tickets, each section from its own service and shown unavailable on its own. `maySuspend` says whether
 * the staff member's roles allow suspending and lifting (trust and safety), else neither is offered.
 */
export function MemberPage({ maySuspend }: { maySuspend: boolean }) {
  const { id = '' } = useParams();
  const back = (useLocation().state as { back?: string } | null)?.back ?? membersTabPath;
  const page = useMemberPage(id);

  return (
    <StaffPageMain>
      <BackLink to={back}>← Back to members</BackLink>
      {page.isPending ? (
        <Spinner />
      ) : page.isError ? (
        <p role="alert">{failureText(page.error, 'This member could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <Member page={page.data} maySuspend={maySuspend} />
      )}
    </StaffPageMain>
  );
}

function Member({ page, maySuspend }: { page: MemberPageData; maySuspend: boolean }) {
  const { account, rides, cases } = page;
  return (
    <>
      <PageTitle>
        <h1>{account.available ? `${account.firstName} ${account.lastName}` : 'Member'}</h1>
        {account.available && account.deleted ? <StatusBadge tone="neutral">Deleted</StatusBadge> : null}
        {account.available && account.suspended ? <StatusBadge tone="danger">Suspended</StatusBadge> : null}
      </PageTitle>

      <PageSection aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        {account.available ? <AccountDetails account={account} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      {maySuspend && account.available && !account.deleted ? <SuspensionActions memberId={account.id} suspended={account.suspended} /> : null}

      <PageSection aria-labelledby="rides-title">
        <h2 id="rides-title">Rides as driver</h2>
        {rides.available ? <DriverRides rides={rides.ridesAsDriver} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      <PageSection aria-labelledby="bookings-title">
        <h2 id="bookings-title">Bookings as passenger</h2>
        {rides.available ? <PassengerBookings bookings={rides.bookingsAsPassenger} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      <PageSection aria-labelledby="reports-title">
        <h2 id="reports-title">Reports about this member</h2>
        {cases.available ? <ReportsAbout reports={cases.reportsAbout} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      <PageSection aria-labelledby="tickets-title">
        <h2 id="tickets-title">Support tickets</h2>
        {cases.available ? <MemberTickets tickets={cases.tickets} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>
    </>
  );
}

function AccountDetails({ account }: { account: MemberAccount }) {
  return (
    <Details>
      <Detail term="Phone" value={account.phone ?? '—'} />
      <Detail term="E-mail" value={account.email ?? '—'} />
      <Detail term="Identity" value={verificationLabel(account.verificationStatus)} />
      <Detail term="Driver" value={verificationLabel(account.driverVerificationStatus)} />
      <Detail term="Joined" value={formatDateTime(account.createdAt)} />
      {account.suspendedAt ? <Detail term="Suspended since" value={formatDateTime(account.suspendedAt)} /> : null}
      {account.suspensionReason ? <Detail term="Reason for the suspension" value={account.suspensionReason} /> : null}
      <Detail term="Member id" value={account.id} />
    </Details>
  );
}

/** "12 in all, the latest 10 below", or "3 in all". */
const countOf = (count: number, shown: number) => (count > shown ? `${count} in all, the latest ${shown} below` : `${count} in all`);

/** A section's list: how many in all, and a table of the latest with one row each (`empty` when there are none). */
function LatestTable<T>({
  label,
  columns,
  empty,
  list,
  rowKey,
  cells,
}: {
  label: string;
  columns: readonly string[];
  empty: string;
  list: { count: number; latest: T[] };
  rowKey: (item: T) => string;
  cells: (item: T) => ReactNode[];
}) {
  return (
    <>
      <Muted>{countOf(list.count, list.latest.length)}</Muted>
      <TableScroll aria-label={label}>
        <DataTable>
          <ColumnHeads columns={columns} />
          <tbody>
            {list.latest.length === 0 ? (
              <tr>
                <EmptyCell colSpan={columns.length}>{empty}</EmptyCell>
              </tr>
            ) : (
              list.latest.map((item) => (
                <tr key={rowKey(item)}>
                  {cells(item).map((cell, index) => (
                    <td key={columns[index]} data-label={columns[index]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}

const DriverRides = ({ rides }: { rides: MemberRideActivity['ridesAsDriver'] }) => (
  <LatestTable
    label="Latest rides as driver"
    columns={rideColumns}
    empty="No rides"
    list={rides}
    rowKey={(ride) => ride.id}
    cells={(ride) => [
      `${ride.fromCity} → ${ride.toCity}`,
      formatDateTime(ride.departureAt),
      <StatusBadge key="status" tone={rideStatusLabels[ride.status].tone}>
        {rideStatusLabels[ride.status].label}
      </StatusBadge>,
    ]}
  />
);

const PassengerBookings = ({ bookings }: { bookings: MemberRideActivity['bookingsAsPassenger'] }) => (
  <LatestTable
    label="Latest bookings as passenger"
    columns={bookingColumns}
    empty="No bookings"
    list={bookings}
    rowKey={(booking) => booking.id}
    cells={(booking) => [
      `${booking.fromCity} → ${booking.toCity}`,
      formatDateTime(booking.departureAt),
      booking.seats,
      <BookingStatusBadge key="status" status={booking.status} />,
      formatDateTime(booking.createdAt),
    ]}
  />
);

const ReportsAbout = ({ reports }: { reports: MemberCases['reportsAbout'] }) => (
  <LatestTable
    label="Latest reports about this member"
    columns={reportColumns}
    empty="No reports"
    list={reports}
    rowKey={(report) => report.reportId}
    cells={(report) => [
      memberReportReasonLabels[report.reason],
      reportSourceLabels[report.source],
      formatDateTime(report.reportedAt),
      report.ticketId ? (
        <Link key="case" to={`/admin/tickets/${report.ticketId}`}>
          Open the case
        </Link>
      ) : (
        '—'
      ),
    ]}
  />
);

const MemberTickets = ({ tickets }: { tickets: MemberCases['tickets'] }) => (
  <LatestTable
    label="Latest support tickets"
    columns={ticketColumns}
    empty="No tickets"
    list={tickets}
    rowKey={(ticket) => ticket.id}
    cells={(ticket) => [
      <Link key="subject" to={`/admin/tickets/${ticket.id}`}>
        {ticket.subject}
      </Link>,
      staffCategoryLabels[ticket.category],
      staffStatusLabels[ticket.status],
      priorityLabels[ticket.priority],
      formatDateTime(ticket.createdAt),
    ]}
  />
);
