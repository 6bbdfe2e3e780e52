import type { RideBooking } from '@krom/contracts/http/bookings';
import type { DriverRide } from '@krom/contracts/http/rides';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import styled from 'styled-components';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useAcceptBooking, useDeclineBooking, useReportNoShow, useRideBookings } from '../../../lib/api/ride-bookings.ts';
import { seatsText } from '../../../lib/booking-texts.ts';
import { inNoShowWindow } from '../booking-window.ts';
import { BoardByCode } from './board-by-code.tsx';
import { RideBookingItem } from './ride-booking-item.tsx';

/**
 * Manage Bookings, under one of the driver's rides: its passengers (requests first), Accept and
 * Decline for requests, Report No-Show in its window, and boarding by code. Every answer reads
 * the bookings and the driver's rides again, so seats left and the list say what the server did.
 */
export function ManageBookings({ ride, now, id }: { ride: DriverRide; now: Date; id: string }) {
  const bookings = useRideBookings(ride.id);
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  const noShow = useReportNoShow();
  const { toast, toastFailure } = useToast();
  const pendingOn = (mutation: { isPending: boolean; variables: string | undefined }, booking: RideBooking) =>
    mutation.isPending && mutation.variables === booking.id;

  const answer = (mutation: typeof accept, booking: RideBooking, done: string) =>
    mutation.mutate(booking.id, {
      onSuccess: () => toast({ title: done, description: `${booking.passengerFirstName}, ${seatsText(booking.seats)}` }),
      onError: toastFailure('Error', 'The booking could not be updated. Please try again.'),
    });

  const noShowOpen = inNoShowWindow(ride, now);
  const boardable = ride.status === 'active' && (bookings.data ?? []).some((booking) => booking.status === 'confirmed');

  return (
    <Panel id={id} aria-label={`Bookings on ${ride.fromCity} → ${ride.toCity}`}>
      {bookings.isPending ? <Spinner /> : null}
      {bookings.isError ? <QueryFailure message="The bookings could not be loaded." onRetry={() => void bookings.refetch()} /> : null}
      {bookings.data?.length === 0 ? <EmptyState title="No bookings yet" text="Passengers who book seats on this ride will appear here." /> : null}
      {bookings.data && bookings.data.length > 0 ? (
        <List aria-label="Passengers">
          {bookings.data.map((booking) => (
            <RideBookingItem
              key={booking.id}
              booking={booking}
              actions={{
                accept: () => answer(accept, booking, 'Booking Accepted'),
                decline: () => answer(decline, booking, 'Booking Declined'),
                reportNoShow: () => answer(noShow, booking, 'No-Show Reported'),
                busy: pendingOn(accept, booking) || pendingOn(decline, booking) || pendingOn(noShow, booking),
                noShowOpen,
              }}
            />
          ))}
        </List>
      ) : null}
      {boardable ? <BoardByCode rideId={ride.id} /> : null}
    </Panel>
  );
}

const Panel = styled.div`
  display: grid;
  gap: 12px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const List = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
