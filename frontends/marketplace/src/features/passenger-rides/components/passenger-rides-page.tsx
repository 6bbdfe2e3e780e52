import type { Booking } from '@krom/contracts/http/bookings';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type ReactNode, useCallback, useState } from 'react';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { type BookingsWhen, useMyBookings } from '../../../lib/api/my-bookings.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { cancellationText, passengerRidesTexts as texts } from '../passenger-rides-texts.ts';
import { BookingCard, routeOf } from './booking-card.tsx';

const tabs: TabItem<BookingsWhen>[] = [
  { id: 'upcoming', label: texts.upcoming },
  { id: 'past', label: texts.past },
];

/**
 * /rides/as-passenger and /my-rides (spec "My rides (passenger)"): the user's bookings, upcoming
 * (soonest first) and past, each with its state, seats, leg, price, where to board, and once the
 * seat is theirs the boarding code with its QR code; a booking still to come can be cancelled,
 * after a question that says what the cancellation policy gives back. Under them, `rideRequests`:
 * the requests the user filed, a section the app puts in from the ride-request feature, as it puts
 * `bookingExtras` (trip sharing) into each booking's card; and on a trip that is over, `review`:
 * the review of its driver, from the reviews feature.
 */
export function PassengerRidesPage({
  rideRequests,
  bookingExtras,
  review,
}: { rideRequests?: ReactNode; bookingExtras?: (booking: Booking) => ReactNode; review?: (booking: Booking) => ReactNode }) {
  const [tab, setTab] = useState<BookingsWhen>('upcoming');
  return (
    <SignedInPage>
      {() => (
        <PageColumn $gap={16}>
          <header>
            <PageTitle>{texts.title}</PageTitle>
            <PageLead>{texts.lead}</PageLead>
          </header>
          <ResponsiveTabs label={texts.tabs} idPrefix="passenger-rides" tabs={tabs} selected={tab} onSelect={setTab} />
          <TabPanel idPrefix="passenger-rides" id={tab}>
            <Bookings when={tab} extras={bookingExtras} review={review} />
          </TabPanel>
          {rideRequests}
        </PageColumn>
      )}
    </SignedInPage>
  );
}

function Bookings({ when, extras, review }: { when: BookingsWhen; extras?: ((booking: Booking) => ReactNode) | undefined; review: ((booking: Booking) => ReactNode) | undefined }) {
  const bookings = useMyBookings(when);
  const cancel = useCancelBooking();
  const { toast, toastFailure } = useToast();
  const [asking, setAsking] = useState<{ booking: Booking; message: string } | null>(null);
  const closeDialog = useCallback(() => setAsking(null), []);

  if (bookings.isPending) return <Spinner />;
  if (bookings.isError) return <QueryFailure message={texts.loadFailed} onRetry={() => void bookings.refetch()} />;
  if (bookings.data.length === 0) {
    return when === 'upcoming' ? (
      <EmptyState title={texts.emptyUpcomingTitle} text={texts.emptyUpcomingText} action={{ to: '/find-ride', label: texts.findARide }} />
    ) : (
      <EmptyState title={texts.emptyPastTitle} text={texts.emptyPastText} action={{ to: '/find-ride', label: texts.findARide }} />
    );
  }

  const confirmCancel = (booking: Booking) =>
    cancel.mutate(booking.id, {
      onSuccess: () => toast({ title: texts.cancelled, description: texts.cancelledText(routeOf(booking)) }),
      onError: toastFailure(texts.cancelFailedTitle, texts.cancelFailed),
      onSettled: closeDialog,
    });

  return (
    <>
      <StackedList aria-label={when === 'upcoming' ? texts.upcoming : texts.past}>
        {bookings.data.map((booking) => (
          <BookingCard
            key={booking.id}
            booking={booking}
            busy={cancel.isPending && cancel.variables === booking.id}
            extra={extras?.(booking)}
            review={review}
            // The policy's words are those of the moment the question is asked.
            onCancel={() => setAsking({ booking, message: cancellationText(booking, new Date()) })}
          />
        ))}
      </StackedList>
      {asking ? (
        <ConfirmDialog
          title={texts.cancelTitle}
          message={`${routeOf(asking.booking)}. ${asking.message}`}
          cancelLabel={texts.keep}
          confirmLabel={texts.cancel}
          pendingLabel={texts.cancelling}
          pending={cancel.isPending}
          onConfirm={() => confirmCancel(asking.booking)}
          onCancel={closeDialog}
          closeOnOverlay
        />
      ) : null}
    </>
  );
}
