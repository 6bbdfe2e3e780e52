import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { Button } from '@krom/ui-kit/button.tsx';
import { serverFieldErrors } from '@krom/ui-kit/api-request.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCreatePlateDispute } from '../api/create-plate-dispute.ts';
import { useCreateVehicle } from '../api/create-vehicle.ts';
import { vehicleTexts } from '../vehicle-texts.ts';
import { newVehicleValues, VehicleForm } from './vehicle-form.tsx';
import { PageIntro, VehicleScreen } from './vehicle-screen.tsx';

/**
 * Where a vehicle added from elsewhere may send the user next (`?next=`): only the ride wizard's
 * gate sends people here with one. A list, not any path, so a crafted link cannot send them off.
 */
const nextScreens = ['/create-ride'];

/** /add-vehicle: the spec's form; after a save, /dashboard (or back into the wizard when it sent the user). */
export function AddVehiclePage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = nextScreens.find((path) => path === search.get('next')) ?? '/dashboard';
  const create = useCreateVehicle();
  const { toast, toastFailure } = useToast();
  // A plate already on Krom (marked under the field by the form) can be disputed from there.
  const refused = serverFieldErrors(create.error);
  const refusedPlate = create.variables?.licensePlate ?? '';

  return (
    <VehicleScreen>
      {() => (
        <>
          <PageIntro>
            <h1>{vehicleTexts.addTitle}</h1>
            <p>{vehicleTexts.addLead}</p>
          </PageIntro>
          <VehicleForm
            label={vehicleTexts.addTitle}
            initial={newVehicleValues()}
            submitLabel={vehicleTexts.addVehicle}
            pendingLabel={vehicleTexts.adding}
            pending={create.isPending}
            failure={create.error}
            afterPlate={(plate) =>
              // Only for the plate that was refused: once another is typed, that one is not known to be taken.
              refused.licensePlate === vehicleMessages.plateTaken && samePlate(plate, refusedPlate) ? (
                <PlateDispute key={refusedPlate} licensePlate={refusedPlate} />
              ) : null
            }
            onCancel={() => navigate('/dashboard')}
            onSubmit={(vehicle) =>
              create.mutate(vehicle, {
                onSuccess: () => {
                  toast({ title: vehicleTexts.added, description: vehicleTexts.addedText });
                  navigate(next);
                },
                // 409: the plate is already on Krom, in the server's words (also under the field, with the way to dispute it).
                onError: toastFailure(vehicleTexts.addFailed, vehicleTexts.addFailedText),
              })
            }
          />
        </>
      )}
    </VehicleScreen>
  );
}

const samePlate = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The real owner of a plate someone else registered tells staff, who settle it. */
function PlateDispute({ licensePlate }: { licensePlate: string }) {
  const dispute = useCreatePlateDispute();
  const { toastFailure } = useToast();
  if (dispute.isSuccess) return <Sent role="status">{vehicleTexts.disputeSent}</Sent>;
  return (
    <Button
      $variant="secondary"
      disabled={dispute.isPending}
      onClick={() => dispute.mutate({ licensePlate }, { onError: toastFailure(vehicleTexts.disputeFailed, vehicleTexts.disputeFailedText) })}
    >
      {dispute.isPending ? vehicleTexts.disputing : vehicleTexts.disputePlate}
    </Button>
  );
}

const Sent = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text};
`;
