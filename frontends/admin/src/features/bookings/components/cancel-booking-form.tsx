import { staffCancelBookingSchema, staffCancelReasonMax } from '@krom/contracts/http/staff-bookings';
import { formatMoney } from '@krom/contracts/money';
import { failureText, statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { ActionBox, ReasonField } from '../../../lib/action-box.tsx';

/**
 * Cancel a live booking with a reason (checked with the contract's rule and message before
 * anything is sent), then a confirmation that says what follows. When the booking moved meanwhile
 * (409) the server's message shows and the page, read again, shows where it is now.
 */
export function CancelBookingForm({ bookingId, totalAmount, currency }: { bookingId: string; totalAmount: string; currency: string }) {
  const { toast } = useToast();
  const cancel = useCancelBooking(bookingId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [confirming, setConfirming] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = staffCancelBookingSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    setConfirming(parsed.data.reason);
  };

  const send = (checked: string) =>
    cancel.mutate(checked, {
      onSettled: () => setConfirming(undefined),
      onSuccess: () => {
        setReason('');
        toast({ title: 'Booking cancelled', description: 'The seats are back on sale and the reason is in the history.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: statusOf(error) === 409 ? 'Cannot cancel' : 'Booking not cancelled',
          description: failureText(error, 'The booking could not be cancelled. Please try again.'),
        }),
    });

  return (
    <ActionBox aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel booking</h2>
      <form noValidate onSubmit={onSubmit} aria-label="Cancel booking">
        <ReasonField
          label="Reason for cancelling"
          hint="The passenger and the driver are told, the passenger with this reason; it stays in the booking's history."
          error={reasonError}
          maxLength={staffCancelReasonMax}
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (reasonError) setReasonError(undefined);
          }}
        />
        <Button type="submit" $variant="danger" disabled={cancel.isPending}>
          Cancel booking
        </Button>
      </form>
      {confirming !== undefined ? (
        <ConfirmDialog
          title="Cancel this booking?"
          message={`The seats go back on sale and the passenger is refunded in full (${formatMoney(totalAmount, currency)}). This cannot be undone.`}
          confirmLabel="Cancel booking"
          pendingLabel="Cancelling..."
          cancelLabel="Keep booking"
          pending={cancel.isPending}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
    </ActionBox>
  );
}
