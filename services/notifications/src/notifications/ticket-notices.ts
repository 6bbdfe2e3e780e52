import type { TicketReplied } from '@krom/contracts/events/admin';
import { inGsmAlphabet, shortened } from '../sms/sms-segment.ts';
import type { NewNotification } from './create-notification.ts';

/*
 * A support ticket answered by staff: the member is told in the app, by SMS and by e-mail, each
 * leading to the ticket where they read the reply (its words stay in admin, behind their sign-in).
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Reply = Pick<TicketReplied, 'ticketId' | 'subject'>;

/** The member's ticket page (account remote). */
export const ticketLink = (ticketId: string) => `/support/tickets/${ticketId}`;

export function ticketRepliedNotice(reply: Reply): Notice {
  return {
    type: 'system',
    title: 'Support replied',
    message: `Our support team replied to your ticket "${reply.subject.trim()}". Open it to read the reply and answer.`,
    actionRequired: false,
    data: { ticketId: reply.ticketId, link: ticketLink(reply.ticketId) },
  };
}

/** One segment or about: the subject cut short, the link to the ticket. */
export function ticketRepliedSmsText(reply: Reply, publicOrigin: string): string {
  return `Krom support replied to "${shortened(inGsmAlphabet(reply.subject.trim()), 40)}". Read it: ${publicOrigin}${ticketLink(reply.ticketId)}`;
}

export function ticketRepliedEmail(reply: Reply, publicOrigin: string): { subject: string; text: string } {
  return {
    subject: `Krom support replied: ${reply.subject.trim()}`,
    text: [
      'Hello,',
      '',
      `Our support team replied to your ticket "${reply.subject.trim()}".`,
      `Read the reply and answer here: ${publicOrigin}${ticketLink(reply.ticketId)}`,
      '',
      'If you do not answer within 10 days, the ticket closes itself. You can always open a new one.',
      '',
      'Krom',
    ].join('\n'),
  };
}
