import { decideVerificationRequestSchema, type DecideVerificationRequest, reviewReasonMax } from '@krom/contracts/http/verification';
import { failureText, statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { useDecideVerification } from '../api/decide-verification.ts';
import { ActionBox, ReasonField } from '../../../lib/action-box.tsx';

/**
 * Approve (after a confirmation), or reject with a reason (checked with the contract's rule and message before anything
 * is sent). `onDecided` runs after a decision was saved; when someone else decided first (409)
 * the server's message shows and the page, read again, shows their decision.
 */
export function DecisionForm({ submissionId, onDecided }: { submissionId: string; onDecided: () => void }) {
  const { toast } = useToast();
  const decide = useDecideVerification(submissionId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [confirmingApproval, setConfirmingApproval] = useState(false);

  const send = (request: DecideVerificationRequest) =>
    decide.mutate(request, {
      onSettled: () => setConfirmingApproval(false),
      onSuccess: () => {
        toast(
          request.decision === 'approved'
            ? { title: 'Verification approved', description: 'The user has been told their details are verified.' }
            : { title: 'Verification rejected', description: 'The user has been sent the reason.' },
        );
        onDecided();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: statusOf(error) === 409 ? 'Already decided' : 'Decision not saved',
          description: failureText(error, 'The decision could not be saved. Please try again.'),
        }),
    });

  const onReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = decideVerificationRequestSchema.safeParse({ decision: 'rejected', reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    send(parsed.data);
  };

  return (
    <ActionBox aria-labelledby="decision-title">
      <h2 id="decision-title">Decision</h2>
      {/* Approving tells the user they are verified and cannot be taken back: one tap only asks. */}
      <Button disabled={decide.isPending} onClick={() => setConfirmingApproval(true)}>
        Approve
      </Button>
      {confirmingApproval ? (
        <ConfirmDialog
          title="Approve this verification?"
          message="The user will be told their details are verified. This cannot be undone."
          confirmLabel="Approve"
          pendingLabel="Approving..."
          confirmVariant="primary"
          pending={decide.isPending}
          onConfirm={() => send({ decision: 'approved' })}
          onCancel={() => setConfirmingApproval(false)}
        />
      ) : null}
      <form noValidate onSubmit={onReject} aria-label="Reject submission">
        <ReasonField
          label="Reason for rejection"
          hint="The user is shown this reason."
          error={reasonError}
          maxLength={reviewReasonMax}
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (reasonError) setReasonError(undefined);
          }}
        />
        <Button type="submit" $variant="danger" disabled={decide.isPending}>
          Reject
        </Button>
      </form>
    </ActionBox>
  );
}
