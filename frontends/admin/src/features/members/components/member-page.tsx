import type { MemberAccount, MemberCases, MemberPage as MemberPageData, MemberRideActivity } from '@krom/contracts/http/member-page';
import { memberReportReasonLabels } from '@krom/contracts/http/member-safety-values';
import type { RideStatus } from '@krom/contracts/http/ride-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BookingStatusBadge } from '../../../lib/booking-status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { bookingPath } from '../../bookings/index.ts';
import { priorityLabels, reportSourceLabels, staffCategoryLabels, staffStatusLabels } from '../../tickets/index.ts';
import { useMemberPage } from '../api/get-member-page.ts';
import { memberPath, verificationLabel } from '../member-labels.ts';
import { LatestTable } from './latest-table.tsx';
import { MemberMoney, paymentsRestrictedText } from './member-money.tsx';
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
const vehicleColumns = ['Vehicle', 'Plate', 'Colour', 'Seats', 'Added', 'State'] as const;
const reportColumns = ['Reason', 'Reported from', 'Reported', 'Case'] as const;
const ticketColumns = ['Subject', 'Category', 'Status', 'Priority', 'Opened'] as const;

/** What the member page offers beyond reading, by the staff member's roles. */
export type MemberPageAccess = {
  /** Suspending and lifting (trust and safety). */
  maySuspend: boolean;
  /** Opening a booking's page, where it is cancelled (support, finance). */
  mayOpenBookings: boolean;
};

/**
 * /admin/members/:id: one member's account, their vehicles, rides as driver and bookings as
 * passenger, their money (finance and administrators), the reports made about them and their
 * support tickets, each section from its own service and shown unavailable on its own. What it
 * offers beyond reading follows `access`; the actions themselves stay on the pages they lead to.
 */
export function MemberPage(access: MemberPageAccess) {
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
        <Member page={page.data} access={access} />
      )}
    </StaffPageMain>
  );
}

function Member({ page, access }: { page: MemberPageData; access: MemberPageAccess }) {
  const { account, rides, cases, payments } = page;
  // The pages this one leads to come back here.
  const back = memberPath(useParams().id ?? '');
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

      {access.maySuspend && account.available && !account.deleted ? <SuspensionActions memberId={account.id} suspended={account.suspended} /> : null}

      <PageSection aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">Vehicles</h2>
        {rides.available ? <MemberVehicles vehicles={rides.vehicles} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      <PageSection aria-labelledby="rides-title">
        <h2 id="rides-title">Rides as driver</h2>
        {rides.available ? <DriverRides rides={rides.ridesAsDriver} /> : <Muted>{sectionUnavailableText}</Muted>}
      </PageSection>

      <PageSection aria-labelledby="bookings-title">
        <h2 id="bookings-title">Bookings as passenger</h2>
        {rides.available ? (
          <PassengerBookings bookings={rides.bookingsAsPassenger} linkTo={access.mayOpenBookings ? back : null} />
        ) : (
          <Muted>{sectionUnavailableText}</Muted>
        )}
      </PageSection>

      <PageSection aria-labelledby="payments-title">
        <h2 id="payments-title">Payments</h2>
        {payments.available ? (
          <MemberMoney money={payments} back={back} />
        ) : (
          <Muted>{'restricted' in payments ? paymentsRestrictedText : sectionUnavailableText}</Muted>
        )}
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

const MemberVehicles = ({ vehicles }: { vehicles: MemberRideActivity['vehicles'] }) => (
  <LatestTable
    label="Latest vehicles"
    columns={vehicleColumns}
    empty="No vehicles"
    list={vehicles}
    rowKey={(vehicle) => vehicle.id}
    cells={(vehicle) => [
      `${vehicle.make} ${vehicle.model} (${vehicle.year})`,
      vehicle.licensePlate,
      vehicle.color,
      vehicle.seats,
      formatDateTime(vehicle.addedAt),
      vehicle.removedAt ? (
        <StatusBadge key="state" tone="neutral">
          Removed {formatDateTime(vehicle.removedAt)}
        </StatusBadge>
      ) : vehicle.isActive ? (
        <StatusBadge key="state" tone="success">
          In use
        </StatusBadge>
      ) : (
        <StatusBadge key="state" tone="neutral">
          Not in use
        </StatusBadge>
      ),
    ]}
  />
);

/** The passenger's bookings; each leads to its booking's page (where staff cancel it) when `linkTo` is given, coming back to it. */
const PassengerBookings = ({ bookings, linkTo }: { bookings: MemberRideActivity['bookingsAsPassenger']; linkTo: string | null }) => (
  <LatestTable
    label="Latest bookings as passenger"
    columns={bookingColumns}
    empty="No bookings"
    list={bookings}
    rowKey={(booking) => booking.id}
    cells={(booking) => [
      linkTo === null ? (
        `${booking.fromCity} → ${booking.toCity}`
      ) : (
        <Link key="route" to={bookingPath(booking.id)} state={{ back: linkTo }}>
          {booking.fromCity} → {booking.toCity}
        </Link>
      ),
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
