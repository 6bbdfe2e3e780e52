import type { MyRideRequest, RideRequest } from '@krom/contracts/http/ride-requests';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { PageSection } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatRideDate, ghanaDate } from '@krom/contracts/ghana-time';
import { formatCedis } from '@krom/contracts/money';
import { MatchedRides } from '../../../components/matched-rides.tsx';
import { useCancelRideRequest } from '../api/cancel-ride-request.ts';
import { useMyRideRequests } from '../api/get-my-ride-requests.ts';
import { rideRequestTexts as texts } from '../ride-request-texts.ts';
import { ListCard as Card, CardActions, CardFacts as Facts, CardTitle, SectionLead } from '../../../components/card.tsx';

/**
 * The signed-in user's active ride requests (route, date, passengers, price limit, how they will
 * be told, when the request lapses, the rides it matched), each of which can be cancelled after a question.
 */
export function MyRideRequests() {
  return (
    <PageSection title={texts.listTitle}>
      <SectionLead>{texts.listLead}</SectionLead>
      <RequestList />
    </PageSection>
  );
}

function RequestList() {
  const requests = useMyRideRequests();
  const cancel = useCancelRideRequest();
  const { toast, toastFailure } = useToast();
  const [asking, setAsking] = useState<RideRequest | null>(null);
  const closeDialog = useCallback(() => setAsking(null), []);

  if (requests.isPending) return <Spinner />;
  if (requests.isError) return <QueryFailure message={texts.loadFailed} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) return <EmptyState title={texts.emptyTitle} text={texts.emptyText} />;

  const confirmCancel = (request: RideRequest) =>
    cancel.mutate(request.id, {
      onSuccess: () => toast({ title: texts.cancelled, description: texts.cancelledText(routeOf(request)) }),
      onError: toastFailure(texts.cancelFailedTitle, texts.cancelFailed),
      onSettled: closeDialog,
    });

  return (
    <>
      <StackedList aria-label={texts.listTitle}>
        {requests.data.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            busy={cancel.isPending && cancel.variables === request.id}
            onCancel={() => setAsking(request)}
          />
        ))}
      </StackedList>
      {asking ? (
        <ConfirmDialog
          title={texts.cancelTitle}
          message={texts.cancelQuestion(`${routeOf(asking)}, ${whenOf(asking)}`)}
          cancelLabel={texts.keep}
          confirmLabel={texts.cancel}
          pendingLabel={texts.cancelling}
          pending={cancel.isPending}
          onConfirm={() => confirmCancel(asking)}
          onCancel={closeDialog}
          closeOnOverlay
        />
      ) : null}
    </>
  );
}

const routeOf = (request: RideRequest) => `${request.fromLocation} → ${request.toLocation}`;
const whenOf = (request: RideRequest) => (request.preferredDepartureDate ? formatRideDate(request.preferredDepartureDate) : texts.anyDate);
const passengersOf = (count: number) => `${count} passenger${count === 1 ? '' : 's'}`;

/** How the user will hear of a match: always in Krom's notifications, and by the channels they chose. */
function channelsOf(request: RideRequest): string {
  const channels = [request.notifyByEmail ? 'e-mail' : null, request.notifyBySMS ? 'SMS' : null].filter(Boolean);
  return channels.length > 0 ? `Notify by ${channels.join(' and ')}` : 'Notifications in Krom only';
}

/** The day a request lapses, in Ghana (GMT). */
const expiryOf = (request: RideRequest) => `Expires ${formatRideDate(ghanaDate(request.expiresAt))}`;

function RequestCard({ request, busy, onCancel }: { request: MyRideRequest; busy: boolean; onCancel: () => void }) {
  const route = routeOf(request);
  return (
    <Card aria-label={route}>
      <CardTitle>{route}</CardTitle>
      <Facts>
        <span>{whenOf(request)}</span>
        <span>{passengersOf(request.passengers)}</span>
        {request.maxPricePerSeat !== null ? <span>Up to {formatCedis(request.maxPricePerSeat)} per seat</span> : null}
      </Facts>
      <Details>
        <span>{channelsOf(request)}</span>
        <span>{expiryOf(request)}</span>
      </Details>
      {request.notes ? <Notes>{request.notes}</Notes> : null}
      <MatchedRides rides={request.matchedRides} seats={request.passengers} title={texts.matchesTitle} none={texts.noMatches} />
      <CardActions>
        <Button $variant="ghost" disabled={busy} onClick={onCancel}>
          {texts.cancel}
        </Button>
      </CardActions>
    </Card>
  );
}



const Details = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Notes = styled.p`
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;
