import { suspendMemberRequestSchema, suspensionReasonMax } from '@krom/contracts/http/suspensions';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { ActionBox, ReasonField } from '../../../lib/action-box.tsx';
import { useMemberSuspension } from '../api/member-suspension.ts';

/**
 * Suspend a member with a reason (checked with the contract's rule and words before anything is
 * sent, then confirmed, since their rides and bookings to come are cancelled), or lift their
 * suspension. The page is read again after either, whatever the answer.
 */
export function SuspensionActions({ memberId, suspended }: { memberId: string; suspended: boolean }) {
  const { toast } = useToast();
  const { suspend, lift } = useMemberSuspension(memberId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [confirming, setConfirming] = useState<string>();

  const failed = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: failureText(error, 'Please try again.') });

  if (suspended) {
    return (
      <ActionBox aria-labelledby="suspension-title">
        <h2 id="suspension-title">Suspension</h2>
        <Button
          type="button"
          disabled={lift.isPending}
          onClick={() =>
            lift.mutate(undefined, {
              onSuccess: () => toast({ title: 'Suspension lifted', description: 'The member can sign in again.' }),
              onError: failed('Suspension not lifted'),
            })
          }
        >
          Lift suspension
        </Button>
      </ActionBox>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = suspendMemberRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    setConfirming(parsed.data.reason);
  };

  const send = (checked: string) =>
    suspend.mutate(checked, {
      onSettled: () => setConfirming(undefined),
      onSuccess: () => {
        setReason('');
        toast({ title: 'Member suspended', description: 'They are signed out everywhere and cannot sign in until the suspension is lifted.' });
      },
      onError: failed('Member not suspended'),
    });

  return (
    <ActionBox aria-labelledby="suspension-title">
      <h2 id="suspension-title">Suspension</h2>
      <form noValidate onSubmit={onSubmit} aria-label="Suspend member">
        <ReasonField
          label="Reason for suspending"
          hint="Kept with the suspension for staff to read."
          error={reasonError}
          maxLength={suspensionReasonMax}
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (reasonError) setReasonError(undefined);
          }}
        />
        <Button type="submit" $variant="danger" disabled={suspend.isPending}>
          Suspend
        </Button>
      </form>
      {confirming !== undefined ? (
        <ConfirmDialog
          title="Suspend this member?"
          message="They are signed out at once and cannot sign in, post or book until the suspension is lifted; their rides and bookings to come are cancelled."
          confirmLabel="Suspend"
          pendingLabel="Suspending..."
          cancelLabel="Keep member active"
          pending={suspend.isPending}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
    </ActionBox>
  );
}
