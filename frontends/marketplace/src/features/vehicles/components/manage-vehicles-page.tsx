import type { Vehicle } from '@krom/contracts/http/vehicles';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Cluster, Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDeleteVehicle } from '../api/delete-vehicle.ts';
import { useVehicles } from '../../../lib/api/vehicles.ts';
import { vehicleName } from '../../../components/ride-card.tsx';
import { vehicleTexts } from '../vehicle-texts.ts';
import { VehicleCard } from './vehicle-card.tsx';
import { VehicleScreen } from './vehicle-screen.tsx';

/** /manage-vehicles: the user's vehicles as cards, each to edit or delete. Signed-out visitors go to /login. */
export function ManageVehiclesPage() {
  return (
    <VehicleScreen width={760}>
      {() => (
        <>
          <Stack as="header" $gap={12}>
            <BackLink to="/dashboard">
              <span aria-hidden="true">←</span> {vehicleTexts.backToDashboard}
            </BackLink>
            <Cluster $gap={12} $justify="between">
              <h1>{vehicleTexts.listTitle}</h1>
              <ButtonLink to="/add-vehicle">{vehicleTexts.addVehicle}</ButtonLink>
            </Cluster>
          </Stack>
          <VehicleList />
        </>
      )}
    </VehicleScreen>
  );
}

function VehicleList() {
  const vehicles = useVehicles();
  const remove = useDeleteVehicle();
  const { toast, toastFailure } = useToast();
  const [confirming, setConfirming] = useState<Vehicle | null>(null);

  if (vehicles.isPending) return <Spinner />;
  if (vehicles.isError) {
    return <QueryFailure message={vehicleTexts.loadFailed} onRetry={() => vehicles.refetch()} />;
  }
  if (vehicles.data.length === 0) {
    return (
      <EmptyState
        title={vehicleTexts.emptyTitle}
        text={vehicleTexts.emptyText}
        action={{ to: '/add-vehicle', label: vehicleTexts.addFirst }}
      />
    );
  }

  const onConfirm = (vehicle: Vehicle) =>
    remove.mutate(vehicle.id, {
      onSuccess: () => toast({ title: vehicleTexts.deleted, description: vehicleTexts.deletedText }),
      // 409 while the vehicle has upcoming rides: the server's message says so.
      onError: toastFailure(vehicleTexts.deleteFailed, vehicleTexts.deleteFailedText),
      onSettled: () => setConfirming(null),
    });

  return (
    <>
      <StackedList aria-label={vehicleTexts.listTitle}>
        {vehicles.data.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard
              vehicle={vehicle}
              busy={remove.isPending && remove.variables === vehicle.id}
              onDelete={() => setConfirming(vehicle)}
            />
          </li>
        ))}
      </StackedList>
      {confirming ? (
        <ConfirmDialog
          title={vehicleTexts.deleteTitle}
          message={vehicleTexts.deleteConfirm(vehicleName(confirming))}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => onConfirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

const BackLink = styled(Link)`
  justify-self: start;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.color.primary};
`;

