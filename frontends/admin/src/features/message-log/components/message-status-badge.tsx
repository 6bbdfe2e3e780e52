import type { MessageLogEntry } from '@krom/contracts/http/staff-messages';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';

type MessageStatus = MessageLogEntry['status'];

const statusLabels: Record<MessageStatus, string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
  suppressed: 'Suppressed',
};
const statusTones: Record<MessageStatus, StatusTone> = { sent: 'success', failed: 'danger', pending: 'warning', suppressed: 'neutral' };

/** A message's status as a word on its own colour: green sent, red failed, amber pending, grey suppressed. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <StatusBadge tone={statusTones[status]} size="md" data-status={status}>
      {statusLabels[status]}
    </StatusBadge>
  );
}
