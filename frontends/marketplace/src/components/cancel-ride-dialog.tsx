import type { RideSummary } from '@krom/contracts/http/rides';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useCancelRide } from '../lib/api/cancel-ride.ts';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';

/**
 * Asks before a ride is cancelled (it cannot be undone). "Keep Ride" has the focus, so a stray
 * Enter keeps the ride; Escape or the overlay keep it too.
 */
export function CancelRideDialog({
  route,
  when,
  pending,
  onConfirm,
  onClose,
}: {
  route: string;
  when: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Cancel this ride?"
      message={`${route}, ${when}. Passengers will no longer find it, and this cannot be undone.`}
      cancelLabel="Keep Ride"
      confirmLabel="Cancel Ride"
      pendingLabel="Cancelling..."
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onClose}
      closeOnOverlay
    />
  );
}

/**
 * Cancelling a ride the driver confirmed in the dialog, as My Rides and the ride's preview both
 * do: the outcome as a toast, and `onSettled` (closing the dialog) either way.
 */
export function useConfirmedRideCancel(onSettled: () => void) {
  const cancel = useCancelRide();
  const { toast, toastFailure } = useToast();
  const confirm = (ride: Pick<RideSummary, 'id' | 'fromCity' | 'toCity'>) =>
    cancel.mutate(ride.id, {
      onSuccess: () => toast({ title: 'Ride Cancelled', description: `Your ride from ${ride.fromCity} to ${ride.toCity} has been cancelled.` }),
      onError: toastFailure('Error', 'Failed to cancel ride. Please try again.'),
      onSettled,
    });
  return { cancel, confirm };
}
