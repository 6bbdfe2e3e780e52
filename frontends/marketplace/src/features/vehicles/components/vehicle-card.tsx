import type { Vehicle } from '@krom/contracts/http/vehicles';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import styled from 'styled-components';
import { Card } from '../../../components/card.tsx';
import { vehicleName } from '../../../components/ride-card.tsx';
import { seatCount, vehicleTexts } from '../vehicle-texts.ts';
import { LicencePlate } from '../../../components/licence-plate.tsx';

/** One vehicle: year make model, plate, colour, seats, the Active badge, and its edit and delete actions. */
export function VehicleCard({ vehicle, busy, onDelete }: { vehicle: Vehicle; busy: boolean; onDelete: () => void }) {
  const name = vehicleName(vehicle);
  return (
    <Card aria-label={name}>
      <Top>
        <IconDisc $size={44} aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24">
            <path d="M5 16V11l2-5h10l2 5v5M5 16h14M5 16v2M19 16v2M4 11h16" />
            <circle cx="8" cy="13.5" r="0.6" />
            <circle cx="16" cy="13.5" r="0.6" />
          </svg>
        </IconDisc>
        <Heading>
          <h2>{name}</h2>
          {/* The spec shows the badge on every vehicle. */}
          <StatusBadge tone="success" size="md">
            {vehicleTexts.active}
          </StatusBadge>
        </Heading>
      </Top>
      <Facts>
        <div>
          <dt>Licence plate</dt>
          <dd>
            <LicencePlate>{vehicle.licensePlate}</LicencePlate>
          </dd>
        </div>
        <div>
          <dt>Colour</dt>
          <dd>{vehicle.color}</dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>{seatCount(vehicle.seats)}</dd>
        </div>
      </Facts>
      {vehicle.upcomingRides > 0 ? (
        <Note>
          {vehicle.upcomingRides} upcoming ride{vehicle.upcomingRides === 1 ? '' : 's'}
        </Note>
      ) : null}
      <Actions>
        <ButtonLink to={`/edit-vehicle/${vehicle.id}`} $variant="secondary" aria-label={`Edit ${name}`}>
          Edit
        </ButtonLink>
        <Button $variant="ghost" disabled={busy} onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </Actions>
    </Card>
  );
}

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  min-width: 0;

  h2 { font-size: 1.125rem; overflow-wrap: anywhere; }
`;


const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  margin: 0;

  div { display: grid; gap: 2px; min-width: 0; }
  dt { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
`;
