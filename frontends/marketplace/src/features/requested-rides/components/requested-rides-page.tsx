import { formatRideDate } from '@krom/contracts/ghana-time';
import type { RequestedRide, RequestFit } from '@krom/contracts/http/ride-requests';
import { requestedRideMessages as texts } from '@krom/contracts/http/ride-request-values';
import { formatCedis } from '@krom/contracts/money';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useId } from 'react';
import styled from 'styled-components';
import { ListCard as Card, CardFacts as Facts } from '../../../components/card.tsx';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture, seatsLeftText } from '../../../components/ride-card.tsx';
import { useAcceptRequestedRide } from '../api/accept-requested-ride.ts';
import { useDeclineRequestedRide } from '../api/decline-requested-ride.ts';
import { useRequestedRides } from '../api/get-requested-rides.ts';

const lead = 'Passengers asking for a trip one of your upcoming rides makes. Accept to invite them to book it.';
const loadFailed = 'Could not load ride requests.';

/**
 * /requested-rides: the open requests the signed-in driver's upcoming rides fit (the server's
 * matching rule), each with the passenger's first name and rating, seats, date and price limit;
 * Accept invites the passenger to book one of the rides it fits, Decline hides the request.
 */
export function RequestedRidesPage() {
  return (
    <SignedInPage>
      {() => (
        <PageColumn $gap={16}>
          <header>
            <PageTitle>{texts.title}</PageTitle>
            <PageLead>{lead}</PageLead>
          </header>
          <RequestList />
        </PageColumn>
      )}
    </SignedInPage>
  );
}

function RequestList() {
  const requests = useRequestedRides();
  const accept = useAcceptRequestedRide();
  const decline = useDeclineRequestedRide();
  const { toast, toastFailure } = useToast();

  if (requests.isPending) return <Spinner />;
  if (requests.isError) return <QueryFailure message={loadFailed} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) return <EmptyState title={texts.title} text={texts.empty} action={{ to: '/post-ride', label: 'Post a Ride' }} />;

  const busy = accept.isPending || decline.isPending;
  return (
    <StackedList aria-label={texts.title}>
      {requests.data.map((request) => (
        <RequestCard
          key={request.requestId}
          request={request}
          busy={busy}
          onAccept={(fit) =>
            accept.mutate({ requestId: request.requestId, rideId: fit.rideId }, { onSuccess: () => toast({ title: texts.invited }), onError: toastFailure('Error', texts.failed) })
          }
          onDecline={() => decline.mutate(request.requestId, { onSuccess: () => toast({ title: texts.declined }), onError: toastFailure('Error', texts.failed) })}
        />
      ))}
    </StackedList>
  );
}

const ratingOf = ({ passengerRating: rating }: RequestedRide) =>
  rating.average === null ? texts.newRating : `★ ${rating.average.toFixed(1)} (${rating.count} review${rating.count === 1 ? '' : 's'})`;
const dateOf = (request: RequestedRide) =>
  request.preferredDepartureDate ? `${formatRideDate(request.preferredDepartureDate)}${request.flexibleDates ? ' (±1 day)' : ''}` : 'Any date';
const seatsOf = (seats: number) => `${seats} seat${seats === 1 ? '' : 's'}`;
const rideOf = (fit: RequestFit) => `${fit.fromCity} → ${fit.toCity}, ${formatDeparture(fit)}`;

function RequestCard({ request, busy, onAccept, onDecline }: { request: RequestedRide; busy: boolean; onAccept: (fit: RequestFit) => void; onDecline: () => void }) {
  const titleId = useId();
  const route = `${request.fromLocation} → ${request.toLocation}`;
  return (
    <Card aria-label={`${request.passengerFirstName}: ${route}`}>
      <Who>
        <strong>{request.passengerFirstName}</strong>
        <span>{ratingOf(request)}</span>
      </Who>
      <Route>{route}</Route>
      <Facts>
        <span>{dateOf(request)}</span>
        <span>{seatsOf(request.seats)}</span>
        <span>{request.maxPricePerSeat !== null ? `Up to ${formatCedis(request.maxPricePerSeat)} per seat` : 'No price limit'}</span>
      </Facts>
      {request.notes ? <Notes>{request.notes}</Notes> : null}
      <Fits aria-labelledby={titleId}>
        <h4 id={titleId}>Fits your ride{request.fits.length === 1 ? '' : 's'}</h4>
        <ul>
          {request.fits.map((fit) => (
            <li key={fit.rideId}>
              <span>
                <strong>{rideOf(fit)}</strong>
                <small>
                  {formatCedis(fit.pricePerSeat)} per seat · {seatsLeftText(fit.availableSeats)}
                </small>
              </span>
              {fit.invited ? (
                <Invited>Invited</Invited>
              ) : (
                <Button disabled={busy} aria-label={`${texts.accept}: ${rideOf(fit)}`} onClick={() => onAccept(fit)}>
                  {texts.accept}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Fits>
      <Actions>
        <Button $variant="ghost" disabled={busy} onClick={onDecline}>
          {texts.decline}
        </Button>
      </Actions>
    </Card>
  );
}

const Who = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 10px;
  align-items: baseline;

  span { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
`;

const Route = styled.h3`
  font-size: 1.0625rem;
  overflow-wrap: anywhere;
`;

const Notes = styled.p`
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const Fits = styled.section`
  display: grid;
  gap: 6px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.color.border};

  h4 { font-size: 0.9375rem; }
  ul { display: grid; gap: 6px; margin: 0; padding: 0; list-style: none; }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
  }
  li > span { display: grid; gap: 2px; min-width: 0; font-size: 0.875rem; overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.color.muted}; }
`;

const Invited = styled.span`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
