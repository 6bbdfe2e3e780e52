import { Button } from '@krom/ui-kit/button.tsx';
import { useLeaveSignedInArea } from '@krom/ui-kit/signed-in-frame-sign-out.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { SettingsCard } from './settings-card.tsx';

const confirmQuestion = 'Are you sure you want to delete your account? This action cannot be undone.';

/** Deletes the account for real (the issue asks for it), after the spec's confirm prompt, then signs out. */
export function DangerZoneSection() {
  const { toast, toastFailure } = useToast();
  const remove = useDeleteAccount();
  const leave = useLeaveSignedInArea();

  const onDelete = () => {
    if (!window.confirm(confirmQuestion)) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Account Deleted', description: 'Your account and personal details have been erased.' });
        void leave();
      },
      onError: toastFailure('Error', 'Failed to delete account. Please try again.'),
    });
  };

  return (
    <SettingsCard
      title="Danger Zone"
      danger
      description="Deleting your account erases your name, contact details, photo and notifications, and signs you out everywhere."
    >
      <div>
        <Button $variant="danger" disabled={remove.isPending} onClick={onDelete}>
          {remove.isPending ? 'Deleting Account...' : 'Delete Account'}
        </Button>
      </div>
    </SettingsCard>
  );
}
