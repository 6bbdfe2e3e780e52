import { Button } from '@krom/ui-kit/button.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { useLoginHere } from '@krom/ui-kit/login-path.ts';
import { Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { type RideRequestPrefill, useRideRequestForm } from '../../../components/ride-request-form-slot.tsx';
import type { RideSearch } from '../ride-search-params.ts';

/** The spec's texts for an empty listing. */
const texts = {
  empty: 'No rides found',
  emptyHint: 'Try another date, or a town nearby.',
  guestRequest: 'Login to Request a Ride',
  request: 'Request a Ride',
  requestHint: "Nobody drives this yet? Request a ride and we'll tell you when a driver posts one.",
} as const;

/** The search as the request form's prefill: only a search with both places (spec "Ride listings"). */
function prefillOf(search: RideSearch): RideRequestPrefill | undefined {
  if (!search.from || !search.to) return undefined;
  const place = ({ text, latitude, longitude }: NonNullable<RideSearch['from']>) => ({ name: text, latitude, longitude });
  return { from: place(search.from), to: place(search.to), date: search.date, passengers: search.seats ?? 1 };
}

/**
 * The empty state. Guests are offered to log in to request a ride; a signed-in user gets Request
 * a Ride, which opens the ride request form with the search's places, date and seats when both
 * places are set, else empty (spec). The form is its own chunk, fetched once this shows.
 */
export function EmptyRides({ search }: { search: RideSearch }) {
  const { user, isLoading } = useAuth();
  // The spec sends guests to /auth/login, a path no Krom screen serves; the login screen is
  // /login, and it brings them back to this very listing, where Request a Ride opens the form.
  const guestLogin = useLoginHere();
  const requestForm = useRideRequestForm();
  const [requesting, setRequesting] = useState(false);
  const canRequest = Boolean(user && requestForm);

  useEffect(() => {
    if (canRequest) requestForm?.preload();
  }, [canRequest, requestForm]);

  if (isLoading || !user) {
    const guest = !isLoading && !user;
    return (
      <EmptyState
        title={texts.empty}
        text={texts.emptyHint}
        {...(guest ? { action: { to: guestLogin, label: texts.guestRequest } } : {})}
      />
    );
  }
  if (!requestForm) return <EmptyState title={texts.empty} text={texts.emptyHint} />;
  const { Dialog } = requestForm;
  return (
    <Offer>
      <EmptyState title={texts.empty} text={texts.emptyHint} />
      <p>{texts.requestHint}</p>
      <Button $variant="secondary" onClick={() => setRequesting(true)}>
        {texts.request}
      </Button>
      {requesting ? (
        <Suspense fallback={null}>
          <Dialog prefill={prefillOf(search)} onClose={() => setRequesting(false)} />
        </Suspense>
      ) : null}
    </Offer>
  );
}

const Offer = styled.div`
  display: grid;
  gap: 12px;
  justify-items: center;
  text-align: center;

  > p { max-width: 32rem; color: ${({ theme }) => theme.color.muted}; }
`;
