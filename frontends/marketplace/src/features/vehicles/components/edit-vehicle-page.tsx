import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useVehicle } from '../api/get-vehicle.ts';
import { useUpdateVehicle } from '../api/update-vehicle.ts';
import { vehicleTexts } from '../vehicle-texts.ts';
import { VehicleForm, valuesOf } from './vehicle-form.tsx';
import { PageIntro, VehicleScreen } from './vehicle-screen.tsx';

/** /edit-vehicle/{id}: the add form filled from the vehicle; saved with PUT, then back to the list. */
export function EditVehiclePage() {
  const { id = '' } = useParams();
  return (
    <VehicleScreen>
      {() => (
        <>
          <PageIntro>
            <h1>{vehicleTexts.editTitle}</h1>
            <p>{vehicleTexts.editLead}</p>
          </PageIntro>
          <EditVehicle key={id} id={id} />
        </>
      )}
    </VehicleScreen>
  );
}

function EditVehicle({ id }: { id: string }) {
  const navigate = useNavigate();
  const vehicle = useVehicle(id);
  const update = useUpdateVehicle();
  const { toast, toastFailure } = useToast();

  if (vehicle.isPending) return <Spinner />;
  if (vehicle.isError) {
    const status = statusOf(vehicle.error);
    // A malformed id is refused as 400 by the server; for the person both mean the same.
    const missing = status === 404 || status === 400;
    return (
      <Problem role="alert">
        <strong>{missing ? vehicleMessages.notFound : vehicleTexts.loadFailed}</strong>
        {missing ? <p>{vehicleTexts.notFoundText}</p> : null}
        <Links>
          {missing ? null : (
            <Button $variant="secondary" onClick={() => vehicle.refetch()}>
              {vehicleTexts.tryAgain}
            </Button>
          )}
          <ButtonLink to="/manage-vehicles" $variant={missing ? 'primary' : 'ghost'}>
            {vehicleTexts.backToVehicles}
          </ButtonLink>
        </Links>
      </Problem>
    );
  }

  return (
    <VehicleForm
      label={vehicleTexts.editTitle}
      initial={valuesOf(vehicle.data)}
      submitLabel={vehicleTexts.save}
      pendingLabel={vehicleTexts.saving}
      pending={update.isPending}
      failure={update.error}
      onCancel={() => navigate('/manage-vehicles')}
      onSubmit={(changes) =>
        update.mutate(
          { id, vehicle: changes },
          {
            onSuccess: () => {
              toast({ title: vehicleTexts.updated, description: vehicleTexts.updatedText });
              navigate('/manage-vehicles');
            },
            onError: toastFailure(vehicleTexts.updateFailed, vehicleTexts.updateFailedText),
          },
        )
      }
    />
  );
}

const Problem = styled.div`
  display: grid;
  gap: 8px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  p { color: ${({ theme }) => theme.color.muted}; }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;
