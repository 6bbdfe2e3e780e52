import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

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
