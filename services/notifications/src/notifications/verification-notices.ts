import type { VerificationDecided } from '@krom/contracts/events/identity';
import type { NewNotification } from './create-notification.ts';

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Decision = Pick<VerificationDecided, 'kind' | 'decision' | 'reason' | 'submissionId'>;

/** Where the notification leads: the form again after a rejection, the profile that now shows the badge after an approval. */
export const verificationLinks = {
  identity: '/verify-identity',
  driver: '/verify-identity-driver',
  approved: '/profile',
} as const;

const titles = {
  identity: { approved: 'Identity verified', rejected: 'Identity verification declined' },
  driver: { approved: 'Driver verification approved', rejected: 'Driver verification declined' },
} as const;

/** The staff's reason as a sentence: trimmed, one final full stop, none when staff gave no reason. */
function reasonSentence(reason: string | null, maxLength = Number.POSITIVE_INFINITY): string {
  const text = (reason ?? '').trim().replace(/[.\s]+$/, '');
  if (!text) return '';
  // An SMS is paid per segment: a long reason is cut, the notification in the app keeps it whole.
  const shown = text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
  return ` Reason: ${shown}.`;
}

/**
 * The in-app notification of a staff decision. A rejection says why and what to do. It is not
 * marked action required: on the notifications screen that flag brings Accept and Decline
 * buttons, which belong to ride requests, not to a form to send again.
 */
export function verificationDecidedNotice(decided: Decision): Notice {
  const { kind, decision } = decided;
  const approved = decision === 'approved';
  const message = approved
    ? kind === 'identity'
      ? 'Your identity has been verified. Your profile now shows you as verified.'
      : 'Your driver verification was approved. Add a vehicle to start posting rides.'
    : `${kind === 'identity' ? 'We could not verify your identity.' : 'We could not approve your driver verification.'}${reasonSentence(decided.reason)} Open Krom to try again.`;
  return {
    type: 'system',
    title: titles[kind][decision],
    message,
    actionRequired: false,
    data: { kind, decision, submissionId: decided.submissionId, link: approved ? verificationLinks.approved : verificationLinks[kind] },
  };
}

/** The same news by SMS: short plain text, the reason (cut to keep it to about two segments) on a rejection. */
export function verificationDecidedSmsText(decided: Decision): string {
  if (decided.decision === 'approved') {
    return decided.kind === 'identity' ? 'Krom: your identity has been verified.' : 'Krom: your driver verification was approved. Add a vehicle in the app to start posting rides.';
  }
  const what = decided.kind === 'identity' ? 'we could not verify your identity.' : 'we could not approve your driver verification.';
  return `Krom: ${what}${reasonSentence(decided.reason, 160)} Open Krom to try again.`;
}
