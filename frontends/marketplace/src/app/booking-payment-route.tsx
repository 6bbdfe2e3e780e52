import { BookingPaymentPage } from '../features/book-seat/components/booking-payment-page.tsx';
import { tripShareExtras } from './trip-share-extras.tsx';

/** /booking-payment/{id}: a mobile money booking; once paid, its confirmation offers Share my trip and the emergency screen. */
export function BookingPaymentRoute() {
  return <BookingPaymentPage bookingExtras={tripShareExtras} />;
}
