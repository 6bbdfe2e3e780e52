import { type TicketReplied, ticketReplied } from '@krom/contracts/events/admin';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';
import { ticketRepliedEmail, ticketRepliedNotice, ticketRepliedSmsText } from '../../notifications/ticket-notices.ts';

/** Reads a raw ticket.replied envelope as this service understands it (also what its message pact checks). */
export const readTicketReplied = envelopeReader(ticketReplied);

/**
 * krom.admin.ticket.replied.v1 → the member is told in the app, by SMS (unless they turned SMS
 * off) and by e-mail at the address they registered, once per event; a deleted account gets
 * nothing, one never heard of the notice only (tell-passenger.ts).
 */
export function handleTicketReplied(senders: NoticeSenders, publicOrigin: string): EventRule<TicketReplied> {
  return deliverNotice(senders, {
    record: async (tx, envelope) =>
      recordPassengerNews(tx, senders.sms, senders.email, {
        passengerId: envelope.data.memberId,
        key: envelope.id,
        notice: ticketRepliedNotice(envelope.data),
        smsText: ticketRepliedSmsText(envelope.data, publicOrigin),
        email: ticketRepliedEmail(envelope.data, publicOrigin),
        notifyBySMS: true,
        notifyByEmail: true,
      }),
  });
}
