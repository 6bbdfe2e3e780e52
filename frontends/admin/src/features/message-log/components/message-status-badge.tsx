import type { MessageLogEntry } from '@krom/contracts/http/staff-messages';
import { Pill, type PillTone } from '../../../lib/pill.tsx';

type MessageStatus = MessageLogEntry['status'];

const statusLabels: Record<MessageStatus, string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
  suppressed: 'Suppressed',
};
const statusTones: Record<MessageStatus, PillTone> = { sent: 'good', failed: 'bad', pending: 'waiting', suppressed: 'quiet' };

/** A message's status as a word on its own colour: green sent, red failed, amber pending, grey suppressed. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <Pill $tone={statusTones[status]} data-status={status}>
      {statusLabels[status]}
    </Pill>
  );
}
