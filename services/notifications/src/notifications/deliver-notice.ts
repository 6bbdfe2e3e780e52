import type { EventEnvelope } from '@krom/contracts/envelope';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Transaction } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { EmailSender } from '../email/queue-email.ts';
import type { SmsSender } from '../sms/queue-sms.ts';
import { queuePendingNews, type RecordedNews, recordedNews } from './tell-passenger.ts';

/** What telling by message needs: the SMS and e-mail logs and their queues. */
export type NoticeSenders = { sms: SmsSender; email: EmailSender };

/**
 * The one way an event handler tells people by notice and message. `record` writes the in-app
 * notices and the SMS and e-mail rows in the transaction that marks the event handled (once per
 * `key`, the event id by default), each message under one of `messageKeys` (by default the key);
 * after the commit the messages still pending are queued. A redelivery finds them again by their
 * keys and queues those still pending, since the first run may have stopped between its commit
 * and the queueing; the job id being the row id keeps that to one message.
 */
export function deliverNotice<T>(
  senders: NoticeSenders,
  notice: {
    key?: (envelope: EventEnvelope<T>) => string;
    messageKeys?: (envelope: EventEnvelope<T>) => string[];
    record: (tx: Transaction, envelope: EventEnvelope<T>) => Promise<RecordedNews | RecordedNews[]>;
  },
): EventRule<T> {
  const { sms, email } = senders;
  return once<T, RecordedNews[]>(sms.db, {
    key: notice.key,
    inTransaction: async (tx, envelope) => [await notice.record(tx, envelope)].flat(),
    afterCommit: async (envelope, result) => {
      // A redelivery finds what the first delivery recorded under its keys (only then are they needed).
      const recorded = result.first
        ? result.value
        : await Promise.all((notice.messageKeys?.(envelope) ?? [notice.key?.(envelope) ?? envelope.id]).map((key) => recordedNews(sms, email, key)));
      // Without a tracer registered there is no active span; the envelope's trace still carries on.
      const traceparent = currentTraceparent() ?? envelope.traceparent;
      for (const news of recorded) await queuePendingNews(sms, email, news, traceparent);
    },
  });
}
