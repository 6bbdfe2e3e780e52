import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { SuccessModal } from '@krom/ui-kit/modal-dialog.tsx';
import { useRef } from 'react';
import { wizardTexts } from '../wizard-texts.ts';

/**
 * The spec's success modal after posting: a tick, its sentence, and the two ways on (the ride as
 * passengers see it, or the driver's rides). The first is focused at once; the page behind is
 * held still until the user leaves.
 */
export function RidePostedDialog({ rideId }: { rideId: string }) {
  const viewLink = useRef<HTMLAnchorElement>(null);
  return (
    <SuccessModal title={wizardTexts.posted} initialFocus={viewLink}>
      <ButtonLink ref={viewLink} to={`/ride-preview/${rideId}`} replace $block $size="lg">
        {wizardTexts.viewRide}
      </ButtonLink>
      <ButtonLink to="/rides/as-driver" replace $block $variant="secondary">
        {wizardTexts.myRides}
      </ButtonLink>
    </SuccessModal>
  );
}
