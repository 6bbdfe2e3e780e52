import type { User } from '@krom/contracts/http/auth';
import { rideMessages } from '@krom/contracts/http/rides';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useParams } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { PageColumn, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useRide } from '../../../lib/api/ride.ts';
import { EditRideForm } from './edit-ride-form.tsx';

/** /edit-ride/{id}: the driver changes date, time, seats, price, description, booking mode or preferences (women-only for a woman) of their own active ride. */
export function EditRidePage() {
  const { id = '' } = useParams();
  return (
    <SignedInPage>
      {(user) => (
        <Column $gap={16} $width={560}>
          <EditRide id={id} user={user} />
        </Column>
      )}
    </SignedInPage>
  );
}

function EditRide({ id, user }: { id: string; user: User }) {
  const ride = useRide(id);
  if (ride.isPending) return <Spinner />;
  if (ride.isError) {
    if (statusOf(ride.error) === 404) return <CannotEdit title={rideMessages.notFound} />;
    return <QueryFailure message="This ride could not be loaded." onRetry={() => void ride.refetch()} />;
  }
  // Another driver's ride is answered as the server answers it: as if there were none.
  if (ride.data.driverId !== user.id) return <CannotEdit title={rideMessages.notYours} />;
  if (ride.data.status !== 'active') return <CannotEdit title={rideMessages.notEditable} />;
  return <EditRideForm ride={ride.data} mayOfferWomenOnly={user.gender === 'woman'} />;
}

function CannotEdit({ title }: { title: string }) {
  return (
    <Stack $gap={12}>
      <h1>{title}</h1>
      <div>
        <ButtonLink to="/rides/as-driver" $variant="secondary">
          Back to My Rides
        </ButtonLink>
      </div>
    </Stack>
  );
}

const Column = styled(PageColumn)`
  h1 { font-size: 1.5rem; }
`;

