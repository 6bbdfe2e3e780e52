import type { MemberAccount, MemberPage as MemberPageData, MemberRideActivity } from '@krom/contracts/http/member-page';
import type { RideStatus } from '@krom/contracts/http/ride-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { ColumnHeads, DataTable, EmptyCell, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { useLocation, useParams } from 'react-router-dom';
import { BookingStatusBadge } from '../../../lib/booking-status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
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

/**
 * /admin/members/:id: one member's account, their rides as driver and bookings as passenger,
 * each section from its own service and shown unavailable on its own. `maySuspend` says whether
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
  const { account, rides } = page;
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

function DriverRides({ rides }: { rides: MemberRideActivity['ridesAsDriver'] }) {
  return (
    <>
      <Muted>{countOf(rides.count, rides.latest.length)}</Muted>
      <TableScroll aria-label="Latest rides as driver">
        <DataTable>
          <ColumnHeads columns={rideColumns} />
          <tbody>
            {rides.latest.length === 0 ? (
              <tr>
                <EmptyCell colSpan={rideColumns.length}>No rides</EmptyCell>
              </tr>
            ) : (
              rides.latest.map((ride) => (
                <tr key={ride.id}>
                  <td data-label="Route">
                    {ride.fromCity} → {ride.toCity}
                  </td>
                  <td data-label="Departure">{formatDateTime(ride.departureAt)}</td>
                  <td data-label="Status">
                    <StatusBadge tone={rideStatusLabels[ride.status].tone}>{rideStatusLabels[ride.status].label}</StatusBadge>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}

function PassengerBookings({ bookings }: { bookings: MemberRideActivity['bookingsAsPassenger'] }) {
  return (
    <>
      <Muted>{countOf(bookings.count, bookings.latest.length)}</Muted>
      <TableScroll aria-label="Latest bookings as passenger">
        <DataTable>
          <ColumnHeads columns={bookingColumns} />
          <tbody>
            {bookings.latest.length === 0 ? (
              <tr>
                <EmptyCell colSpan={bookingColumns.length}>No bookings</EmptyCell>
              </tr>
            ) : (
              bookings.latest.map((booking) => (
                <tr key={booking.id}>
                  <td data-label="Route">
                    {booking.fromCity} → {booking.toCity}
                  </td>
                  <td data-label="Departure">{formatDateTime(booking.departureAt)}</td>
                  <td data-label="Seats">{booking.seats}</td>
                  <td data-label="Status">
                    <BookingStatusBadge status={booking.status} />
                  </td>
                  <td data-label="Booked">{formatDateTime(booking.createdAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}
