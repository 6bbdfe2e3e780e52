import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
            onCancel={() => navigate('/dashboard')}
            onSubmit={(vehicle) =>
              create.mutate(vehicle, {
                onSuccess: () => {
                  toast({ title: vehicleTexts.added, description: vehicleTexts.addedText });
                  navigate(next);
                },
                // 409: the plate is already on Krom, in the server's words.
                onError: toastFailure(vehicleTexts.addFailed, vehicleTexts.addFailedText),
              })
            }
          />
        </>
      )}
    </VehicleScreen>
  );
}
