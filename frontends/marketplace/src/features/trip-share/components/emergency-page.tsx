import { getBooking } from '@krom/contracts/api-routes';
import type { User } from '@krom/contracts/http/auth';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useTextTripToContact } from '../api/text-trip-to-contact.ts';
import { tripShareTexts as texts } from '../trip-share-texts.ts';
import { isActiveTrip } from './trip-share-controls.tsx';

/**
 * /emergency/:id, from an active booking: Ghana's emergency numbers to call at once, and one
 * button that texts the emergency contact the trip link (shared first if it is not), saying who
 * was texted; without a saved contact, the way to add one.
 */
export function EmergencyPage() {
  const { id = '' } = useParams();
  return <SignedInPage>{(user) => <Emergency bookingId={id} user={user} />}</SignedInPage>;
}

function Emergency({ bookingId, user }: { bookingId: string; user: User }) {
  const booking = useQuery({ queryKey: ['booking', bookingId], queryFn: ({ signal }) => callEndpoint(getBooking, { params: { id: bookingId }, signal }) });
  const text = useTextTripToContact(bookingId);
  const contactName = user.emergencyContactName && user.emergencyContactPhone ? user.emergencyContactName : null;
  return (
    <PageColumn $gap={16}>
      <header>
        <PageTitle>{texts.emergencyTitle}</PageTitle>
        <PageLead>{texts.emergencyLead}</PageLead>
      </header>
      <Numbers>
        {texts.numbers.map(({ label, number }) => (
          <li key={number}>
            <a href={`tel:${number}`}>{texts.call(label, number)}</a>
          </li>
        ))}
      </Numbers>
      {booking.isPending ? (
        <Spinner />
      ) : booking.isError ? (
        <QueryFailure message={texts.loadFailed} onRetry={() => void booking.refetch()} />
      ) : !isActiveTrip(booking.data) ? (
        <p>{texts.notActive}</p>
      ) : contactName ? (
        <ContactPart>
          <Button $variant="danger" disabled={text.isPending} onClick={() => text.mutate()}>
            {text.isPending ? texts.texting : texts.textContactNow(contactName)}
          </Button>
          <div role="status">
            {text.isSuccess ? <p>{texts.texted(text.data.contactName)}</p> : null}
            {text.isError ? <p>{texts.failed}</p> : null}
          </div>
        </ContactPart>
      ) : (
        <ContactPart>
          <p>{texts.noContact}</p>
          <ButtonLink to="/edit-profile">{texts.addContact}</ButtonLink>
        </ContactPart>
      )}
      <ButtonLink to="/my-rides" $variant="ghost">
        {texts.backToRides}
      </ButtonLink>
    </PageColumn>
  );
}

const Numbers = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 10px;
  padding: 0;
  margin: 0;
  list-style: none;

  a {
    display: block;
    padding: 16px;
    border-radius: 10px;
    background: ${({ theme }) => theme.color.danger};
    color: #fff;
    font-size: 1.125rem;
    font-weight: 700;
    text-align: center;
    text-decoration: none;
  }
`;

const ContactPart = styled.div`
  display: grid;
  gap: 8px;
`;
