import type { BookingContact } from '@krom/contracts/http/bookings';
import { statusOf, serverMessage } from '@krom/ui-kit/api-request.ts';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useBookingContact } from '../api/get-booking-contact.ts';

/**
 * /call/{id}, id a booking's: the other party's phone number with a tel: link (the driver's to the
 * passenger, the passenger's to the driver), or why it is not shown. Numbers are shared only for a
 * confirmed booking, from 24 hours before departure until 24 hours after, and only when that
 * member allows it (the server decides; this screen says what it answered).
 */
export function CallPage() {
  const { id = '' } = useParams();
  return <SignedInPage>{() => <Contact bookingId={id} />}</SignedInPage>;
}

function Contact({ bookingId }: { bookingId: string }) {
  const contact = useBookingContact(bookingId);
  if (contact.isPending) return <Spinner />;
  if (contact.isError) {
    const status = statusOf(contact.error);
    if (status === 403 || status === 404) {
      return (
        <PageColumn>
          <PageTitle>{status === 404 ? 'Booking not found' : 'Phone number not shown'}</PageTitle>
          <Reason role="status">{status === 404 ? 'This booking does not exist or is not yours.' : serverMessage(contact.error)}</Reason>
          <div>
            <ButtonLink to="/rides/as-passenger" $variant="secondary">
              Back to My Rides
            </ButtonLink>
          </div>
        </PageColumn>
      );
    }
    return <QueryFailure message="The phone number could not be loaded." onRetry={() => void contact.refetch()} />;
  }
  return <Shown contact={contact.data} />;
}

/** Until when the number is shared, in Ghana time (UTC). */
const until = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(iso),
  );

function Shown({ contact }: { contact: BookingContact }) {
  const who = contact.role === 'driver' ? 'your driver' : 'your passenger';
  return (
    <PageColumn>
      <PageTitle>Call {contact.firstName}</PageTitle>
      <p>
        {contact.firstName} is {who}.
      </p>
      <PhoneLink href={`tel:${contact.phone}`}>{contact.phone}</PhoneLink>
      <Reason>Shown until {until(contact.availableUntil)}.</Reason>
    </PageColumn>
  );
}

const PhoneLink = styled.a`
  font-size: 1.5rem;
  font-weight: 600;
`;

const Reason = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
