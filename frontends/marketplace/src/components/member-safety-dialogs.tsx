import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useBlockMember } from '../lib/api/block-member.ts';
import { useReportMember } from '../lib/api/report-member.ts';
import type { SafetySource } from './member-safety-actions.tsx';
import { ReportReasonDialog } from './report-reason-dialog.tsx';

/** Asks before blocking `name`, saying what a block does and that it can be undone. */
export function BlockMemberDialog({ memberId, name, onClose }: { memberId: string; name: string; onClose: () => void }) {
  const block = useBlockMember();
  const { toast, toastFailure } = useToast();
  return (
    <ConfirmDialog
      title={`Block ${name}?`}
      message={`You and ${name} will not see each other’s rides and cannot book each other. Bookings already confirmed between you stay. You can unblock them in Account Settings.`}
      confirmLabel="Block"
      pendingLabel="Blocking..."
      pending={block.isPending}
      onConfirm={() =>
        block.mutate(memberId, {
          onSuccess: () => {
            toast({ title: 'Member blocked', description: `You will no longer see ${name}’s rides.` });
            onClose();
          },
          onError: toastFailure('Error', 'Failed to block. Please try again.'),
        })
      }
      onCancel={onClose}
      closeOnOverlay
    />
  );
}

/** A report of `name` to staff: a reason from the list, optional details, then the thanks. */
export function ReportMemberDialog({ memberId, name, from, onClose }: { memberId: string; name: string; from: SafetySource; onClose: () => void }) {
  const report = useReportMember();
  const { toast, toastFailure } = useToast();
  return (
    <ReportReasonDialog
      title={`Report ${name}`}
      pending={report.isPending}
      onClose={onClose}
      onSend={(choice) =>
        report.mutate(
          { memberId, report: { ...choice, ...from } },
          {
            onSuccess: (thanks) => {
              toast({ title: 'Report sent', description: thanks });
              onClose();
            },
            onError: toastFailure('Error', 'Failed to submit report. Please try again.'),
          },
        )
      }
    />
  );
}
