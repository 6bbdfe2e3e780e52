import type { User } from '@krom/contracts/http/auth';
import { rideMessages } from '@krom/contracts/http/rides';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useRide } from '../api/get-ride.ts';
import { EditRideForm } from './edit-ride-form.tsx';

/** /edit-ride/{id}: the driver changes date, time, seats, price or description of their own active ride. */
export function EditRidePage() {
  const { id = '' } = useParams();
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <EditRide id={id} user={user} />
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function EditRide({ id, user }: { id: string; user: User }) {
  const ride = useRide(id);
  if (ride.isPending) return <Spinner />;
  if (ride.isError) {
    if (statusOf(ride.error) === 404) return <CannotEdit title={rideMessages.notFound} />;
    return (
      <Stack>
        <p role="alert">This ride could not be loaded.</p>
        <div>
          <Button $variant="secondary" onClick={() => void ride.refetch()}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }
  // Another driver's ride is answered as the server answers it: as if there were none.
  if (ride.data.driverId !== user.id) return <CannotEdit title={rideMessages.notYours} />;
  if (ride.data.status !== 'active') return <CannotEdit title={rideMessages.notEditable} />;
  return <EditRideForm ride={ride.data} />;
}

function CannotEdit({ title }: { title: string }) {
  return (
    <Stack>
      <h1>{title}</h1>
      <div>
        <ButtonLink to="/rides/as-driver" $variant="secondary">
          Back to My Rides
        </ButtonLink>
      </div>
    </Stack>
  );
}

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 560px;
  margin: 0 auto;
  width: 100%;

  h1 { font-size: 1.5rem; }
`;

const Stack = styled.div`
  display: grid;
  gap: 12px;
`;
