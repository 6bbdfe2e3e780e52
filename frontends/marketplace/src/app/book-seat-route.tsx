import { BookSeatPage } from '../features/book-seat/components/book-seat-page.tsx';
import { tripShareExtras } from './trip-share-extras.tsx';

/** /book-seat/{id}: booking a seat; its confirmation offers Share my trip and the emergency screen. */
export function BookSeatRoute() {
  return <BookSeatPage bookingExtras={tripShareExtras} />;
}
