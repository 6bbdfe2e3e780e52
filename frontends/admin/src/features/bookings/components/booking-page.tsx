import { type StaffBookingDetail, type StaffBookingHistoryEntry, staffCancellableStatuses } from '@krom/contracts/http/staff-bookings';
import { formatMoney } from '@krom/contracts/money';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { useBooking } from '../api/get-booking.ts';
import { actorLabels, departureOf, paymentLabels, routeOf } from '../booking-labels.ts';
import { BookingStatusBadge, bookingStatusLabels } from '../../../lib/booking-status-badge.tsx';
import { CancelBookingForm } from './cancel-booking-form.tsx';

/** The Bookings tab, as the dashboard opens it (the search it came from, when it came from one). */
export const bookingsTabPath = '/admin?tab=bookings';

const isCancellable = (booking: StaffBookingDetail) => (staffCancellableStatuses as readonly string[]).includes(booking.status);

/**
 * /admin/bookings/:id: one booking, its history and, while it is live, its cancellation.
 * `adminName` turns the id of the staff member in a history row into a name; `mayCancel` says
 * whether the staff member's roles allow cancelling (support), else the cancellation is not offered.
 */
export function BookingPage({ adminName, mayCancel }: { adminName: (adminId: string) => string; mayCancel: boolean }) {
  const { id = '' } = useParams();
  const back = (useLocation().state as { back?: string } | null)?.back ?? bookingsTabPath;
  const booking = useBooking(id);

  return (
    <StaffPageMain>
      <BackLink to={back}>← Back to bookings</BackLink>
      {booking.isPending ? (
        <Spinner />
      ) : booking.isError ? (
        <p role="alert">{failureText(booking.error, 'This booking could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <Booking booking={booking.data} adminName={adminName} mayCancel={mayCancel} />
      )}
    </StaffPageMain>
  );
}

function Booking({ booking, adminName, mayCancel }: { booking: StaffBookingDetail; adminName: (adminId: string) => string; mayCancel: boolean }) {
  const who = (entry: StaffBookingHistoryEntry) =>
    entry.actor === 'staff' && entry.actorId ? `${actorLabels.staff} (${adminName(entry.actorId)})` : actorLabels[entry.actor];
  return (
    <>
      <PageTitle>
        <h1>Booking {booking.boardingCode}</h1>
        <BookingStatusBadge status={booking.status} size="md" />
      </PageTitle>
      <Muted>Booked {formatDateTime(booking.createdAt)}</Muted>

      <PageSection aria-labelledby="ride-title">
        <h2 id="ride-title">Ride</h2>
        <Details>
          <Detail term="Route" value={routeOf(booking.rideFrom, booking.rideTo)} />
          <Detail term="Departure" value={departureOf(booking)} />
          <Detail term="Driver" value={booking.driverName} />
          <Detail term="Ride id" value={booking.rideId} />
        </Details>
      </PageSection>

      <PageSection aria-labelledby="booking-title">
        <h2 id="booking-title">Booking</h2>
        <Details>
          <Detail term="Passenger" value={booking.passengerName} />
          <Detail term="Phone" value={booking.passengerPhone} />
          <Detail term="Seats" value={String(booking.seats)} />
          <Detail term="Leg" value={routeOf(booking.board.location, booking.alight.location)} />
          <Detail term="Total" value={formatMoney(booking.totalAmount, booking.currency)} />
          <Detail term="Payment" value={paymentLabels[booking.paymentMethod]} />
          <Detail term="Booking id" value={booking.id} />
        </Details>
      </PageSection>

      {mayCancel && isCancellable(booking) ? <CancelBookingForm bookingId={booking.id} totalAmount={booking.totalAmount} currency={booking.currency} /> : null}

      <PageSection aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <History>
          {booking.history.map((entry) => (
            <li key={`${entry.at}-${entry.to}`}>
              <strong>{bookingStatusLabels[entry.to].label}</strong>
              {entry.from ? ` (from ${bookingStatusLabels[entry.from].label.toLowerCase()})` : ''} · {who(entry)} · {formatDateTime(entry.at)}
              {entry.reason ? <Muted>Reason: {entry.reason}</Muted> : null}
            </li>
          ))}
        </History>
      </PageSection>
    </>
  );
}

const History = styled.ol`
  display: grid;
  gap: 10px;
  padding: 0;
  margin: 0;
  list-style: none;
`;
