import type { Booking } from '@krom/contracts/http/bookings';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useEndTripShare } from '../api/end-trip-share.ts';
import { getTripShareQueryOptions } from '../api/get-trip-share.ts';
import { useShareTrip } from '../api/share-trip.ts';
import { tripShareTexts as texts } from '../trip-share-texts.ts';

/** A booking whose trip can be shared and has an emergency screen: a seat that is the passenger's, on a ride not over. */
export const isActiveTrip = (booking: Pick<Booking, 'status' | 'rideStatus'>) =>
  (booking.status === 'confirmed' || booking.status === 'boarded') && booking.rideStatus === 'active';

/**
 * On a confirmed or boarded booking: Share my trip (a link anyone can open, until two hours after
 * arrival), optionally texted to the emergency contact when the ride leaves; once shared, the
 * link to copy, Stop sharing and I've arrived; and the way to the emergency screen.
 */
export function TripShareControls({ booking }: { booking: Booking }) {
  if (!isActiveTrip(booking)) return null;
  return <ActiveTripControls booking={booking} />;
}

function ActiveTripControls({ booking }: { booking: Booking }) {
  const share = useQuery(getTripShareQueryOptions(booking.id));
  const shareTrip = useShareTrip(booking.id);
  const endShare = useEndTripShare(booking.id);
  const { user } = useAuth();
  const { toast, toastFailure } = useToast();
  const [textContact, setTextContact] = useState(false);
  const linkId = useId();
  const hasContact = Boolean(user?.emergencyContactName && user.emergencyContactPhone);
  const failed = toastFailure(texts.failedTitle, texts.failed);
  const current = share.data ?? null;
  const busy = shareTrip.isPending || endShare.isPending;
  const end = () => endShare.mutate(undefined, { onSuccess: () => toast({ title: texts.ended }), onError: failed });

  const contactChoice = (
    <Check>
      <input
        type="checkbox"
        checked={current ? current.textContactAtDeparture : textContact}
        disabled={!hasContact || busy}
        onChange={(event) => (current ? shareTrip.mutate(event.target.checked, { onError: failed }) : setTextContact(event.target.checked))}
      />
      <span>
        {texts.textContact}
        {hasContact ? null : (
          <small>
            {texts.noContact} <Link to="/edit-profile">{texts.addContact}</Link>
          </small>
        )}
      </span>
    </Check>
  );

  return (
    <Section aria-label={texts.share}>
      {current ? (
        <>
          <p>{texts.sharedLead}</p>
          <label htmlFor={linkId}>{texts.linkLabel}</label>
          <LinkRow>
            <input id={linkId} readOnly value={new URL(current.link, window.location.origin).toString()} onFocus={(event) => event.target.select()} />
            <Button
              $variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(new URL(current.link, window.location.origin).toString()).then(() => toast({ title: texts.copied }))}
            >
              {texts.copy}
            </Button>
          </LinkRow>
          {contactChoice}
          <Actions>
            <Button $variant="secondary" disabled={busy} onClick={end}>
              {texts.arrived}
            </Button>
            <Button $variant="ghost" disabled={busy} onClick={end}>
              {texts.stop}
            </Button>
          </Actions>
        </>
      ) : share.isPending ? null : (
        <>
          {contactChoice}
          <Actions>
            <Button disabled={busy} onClick={() => shareTrip.mutate(textContact, { onError: failed })}>
              {shareTrip.isPending ? texts.sharing : texts.share}
            </Button>
          </Actions>
        </>
      )}
      <Actions>
        <ButtonLink to={`/emergency/${booking.id}`} $variant="danger">
          {texts.emergency}
        </ButtonLink>
      </Actions>
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 8px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.9375rem;

  label { font-weight: 600; }
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;

  input { flex: 1 1 200px; min-width: 0; padding: 8px; font: inherit; }
`;

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  font-weight: 400 !important;

  span { display: grid; gap: 2px; }
  small { color: ${({ theme }) => theme.color.muted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
