import { staffRefundReasonMax, staffRefundRequestSchema } from '@krom/contracts/http/staff-payments';
import { isCediAmount, toPesewas } from '@krom/contracts/money';
import { failureText, statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { ActionBox, ReasonField } from '../../../lib/action-box.tsx';
import { useRefundAsStaff } from '../api/refund-as-staff.ts';
import { pesewasText } from '../payment-labels.ts';

const amountMessage = 'Enter the amount in cedis (for example 20.00), or leave it empty to give back all that is still held';

type Checked = { reason: string; amountPesewas?: number };

/**
 * Staff give back money of a booking's payment: a reason (the contract's rule, checked before
 * sending) and an amount in GH₵, or all that is still held; a confirmation says which. The
 * service works out what is held and answers a 409 in words when it is not that much.
 */
export function StaffRefundForm({ bookingId }: { bookingId: string }) {
  const { toast } = useToast();
  const refund = useRefundAsStaff(bookingId);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | undefined; amount?: string | undefined }>({});
  const [confirming, setConfirming] = useState<Checked>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = amount.trim();
    const amountError = typed !== '' && (!isCediAmount(typed) || toPesewas(typed) === 0) ? amountMessage : undefined;
    const parsed = staffRefundRequestSchema.safeParse({ reason, ...(typed !== '' && !amountError ? { amountPesewas: toPesewas(typed) } : {}) });
    const reasonError = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setErrors({ reason: reasonError, amount: amountError });
    if (parsed.success && !amountError) setConfirming(parsed.data);
  };

  const send = (checked: Checked) =>
    refund.mutate(checked, {
      onSettled: () => setConfirming(undefined),
      onSuccess: (made) => {
        setReason('');
        setAmount('');
        toast({ title: 'Refund sent', description: `${pesewasText(made.amountPesewas)} is on its way back to ${made.walletMasked}.` });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: statusOf(error) === 409 ? 'Cannot refund' : 'Refund not sent',
          description: failureText(error, 'The refund could not be sent. Please try again.'),
        }),
    });

  return (
    <ActionBox aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      <form noValidate onSubmit={onSubmit} aria-label="Refund">
        <TextField label="Amount (GH₵)" name="amount" inputMode="decimal" autoComplete="off" hint="Leave empty to give back all that is still held." error={errors.amount} value={amount} onValueChange={setAmount} />
        <ReasonField
          label="Reason for the refund"
          hint="Kept with the refund and its history."
          error={errors.reason}
          maxLength={staffRefundReasonMax}
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (errors.reason) setErrors({ ...errors, reason: undefined });
          }}
        />
        <Button type="submit" $variant="danger" disabled={refund.isPending}>
          Refund
        </Button>
      </form>
      {confirming !== undefined ? (
        <ConfirmDialog
          title="Send this refund?"
          message={`${confirming.amountPesewas === undefined ? 'All that is still held of this booking’s payment' : pesewasText(confirming.amountPesewas)} goes back to the passenger’s wallet. This cannot be undone.`}
          confirmLabel="Send refund"
          pendingLabel="Sending..."
          cancelLabel="Keep the money"
          pending={refund.isPending}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
    </ActionBox>
  );
}
