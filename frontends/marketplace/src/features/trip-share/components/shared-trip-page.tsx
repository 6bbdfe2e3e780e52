import { ApiRequestError } from '@krom/ui-kit/api-request.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageColumn, PageLead, PageTitle } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatMoment } from '../../../lib/booking-texts.ts';
import { getSharedTripQueryOptions } from '../api/get-shared-trip.ts';
import { tripShareTexts as texts } from '../trip-share-texts.ts';

/**
 * /trip/:token, for anyone holding the link, signed in or not: the route, departure, the driver's
 * first name, the car and its plate, the expected arrival and whether the driver has started.
 * A link that has ended (410) or was never made (404) says so.
 */
export function SharedTripPage() {
  const { token = '' } = useParams();
  const trip = useQuery(getSharedTripQueryOptions(token));
  const status = trip.error instanceof ApiRequestError ? trip.error.status : undefined;
  return (
    <PageFrame>
      <PageColumn $gap={16}>
        {trip.isPending ? (
          <Spinner />
        ) : status === 410 ? (
          <EmptyState title={texts.linkEnded} text={texts.linkEndedText} />
        ) : status === 404 ? (
          <EmptyState title={texts.linkNotFound} text={texts.linkNotFoundText} />
        ) : trip.isError ? (
          <QueryFailure message={texts.loadFailed} onRetry={() => void trip.refetch()} />
        ) : (
          <>
            <header>
              <PageTitle>{texts.tripTitle(trip.data.fromLocation, trip.data.toLocation)}</PageTitle>
              <PageLead>{texts.sharedWithYou}</PageLead>
            </header>
            <Facts>
              <div>
                <dt>{texts.status}</dt>
                <dd>{texts.progress[trip.data.progress]}</dd>
              </div>
              <div>
                <dt>{texts.departure}</dt>
                <dd>{formatMoment(trip.data.departureAt)}</dd>
              </div>
              <div>
                <dt>{texts.expectedArrival}</dt>
                <dd>{formatMoment(trip.data.expectedArrivalAt)}</dd>
              </div>
              <div>
                <dt>{texts.route}</dt>
                <dd>{trip.data.places.join(' → ')}</dd>
              </div>
              <div>
                <dt>{texts.driver}</dt>
                <dd>{trip.data.driverFirstName}</dd>
              </div>
              <div>
                <dt>{texts.car}</dt>
                <dd>
                  {trip.data.vehicle.color} {trip.data.vehicle.make} {trip.data.vehicle.model}
                </dd>
              </div>
              <div>
                <dt>{texts.plate}</dt>
                <dd>{trip.data.vehicle.licensePlate}</dd>
              </div>
            </Facts>
          </>
        )}
      </PageColumn>
    </PageFrame>
  );
}

const Facts = styled.dl`
  display: grid;
  gap: 10px;
  margin: 0;

  div { display: grid; gap: 2px; }
  dt { color: ${({ theme }) => theme.color.muted}; font-size: 0.875rem; }
  dd { margin: 0; font-size: 1.0625rem; font-weight: 600; overflow-wrap: anywhere; }
`;
