import { rideMessages } from '@krom/contracts/http/ride-values';
import type { RideDetails } from '@krom/contracts/http/rides';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { CancelRideDialog, useConfirmedRideCancel } from '../../../components/cancel-ride-dialog.tsx';
import { formatDeparture, seatsLeftText } from '../../../components/ride-card.tsx';
import { Actions, Panel } from './seat-booking-panel.tsx';

/** Ghana keeps GMT all year: the departure's date and time are UTC. */
const departed = (ride: RideDetails, now: Date) => new Date(`${ride.departureDate}T${ride.departureTime}:00Z`).getTime() <= now.getTime();

/**
 * The driver's own ride on its preview: no booking, but Edit (the edit screen) and Cancel Ride
 * (asked first, as on My Rides) while it is active and still to depart; the server has the last
 * word (a ride booked meanwhile is refused with its message).
 */
export function OwnRidePanel({ ride }: { ride: RideDetails }) {
  const [asking, setAsking] = useState(false);
  const closeDialog = useCallback(() => setAsking(false), []);
  const { cancel, confirm } = useConfirmedRideCancel(closeDialog);
  const changeable = ride.status === 'active' && !departed(ride, new Date());
  const edit = `/edit-ride/${ride.id}`;
  return (
    <Panel aria-labelledby="own-ride-title">
      <h2 id="own-ride-title">Your ride</h2>
      <Note>{seatsLeftText(ride.availableSeats)}</Note>
      {ride.status === 'active' && !changeable ? <Note>{rideMessages.notEditable}</Note> : null}
      <Actions>
        {changeable && screenExists(edit) ? (
          <ButtonLink to={edit} $size="lg" $block>
            Edit
          </ButtonLink>
        ) : null}
        {changeable ? (
          <Button $variant="secondary" $block disabled={cancel.isPending} onClick={() => setAsking(true)}>
            Cancel Ride
          </Button>
        ) : null}
        <ButtonLink to="/rides/as-driver" $variant="ghost" $block>
          My Rides
        </ButtonLink>
      </Actions>
      {asking ? (
        <CancelRideDialog
          route={`${ride.fromCity} → ${ride.toCity}`}
          when={formatDeparture(ride)}
          pending={cancel.isPending}
          onConfirm={() => confirm(ride)}
          onClose={closeDialog}
        />
      ) : null}
    </Panel>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
