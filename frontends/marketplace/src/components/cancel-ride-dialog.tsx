import type { RideSummary } from '@krom/contracts/http/rides';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useCancelRide } from '../lib/api/cancel-ride.ts';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';

/**
 * Asks before a ride is cancelled (it cannot be undone). "Keep Ride" has the focus, so a stray
 * Enter keeps the ride; Escape or the overlay keep it too. A ride with booked seats says that its
 * passengers will be told.
 */
export function CancelRideDialog({
  route,
  when,
  bookedSeats = 0,
  pending,
  onConfirm,
  onClose,
}: {
  route: string;
  when: string;
  bookedSeats?: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const passengers =
    bookedSeats > 0
      ? `Passengers holding its ${bookedSeats} booked ${bookedSeats === 1 ? 'seat' : 'seats'} will be told by SMS and in the app, and this cannot be undone.`
      : 'Passengers will no longer find it, and this cannot be undone.';
  return (
    <ConfirmDialog
      title="Cancel this ride?"
      message={`${route}, ${when}. ${passengers}`}
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
