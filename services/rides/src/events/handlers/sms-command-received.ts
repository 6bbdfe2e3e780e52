import { type SmsCommandReceived, smsCommandAnswered, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { type EventRule, envelopeReader, once } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import type { Logger } from '@krom/server-kit/logger';
import { recordEvent } from '@krom/server-kit/outbox';
import type { RidesDb } from '../../db/rides-db.ts';
import { answerSmsCommand } from '../../sms-commands/sms-commands.ts';

/** Reads a raw sms_command.received envelope as rides understands it (also what its message pact checks). */
export const readSmsCommandReceived = envelopeReader(smsCommandReceived);

const SMS_COMMAND_NAMESPACE = Buffer.from('2e7c4a9d1b5f4e8a9c3d6b1f7e2a5c8d', 'hex');

/** The id a command is handled once under: its `commandId` (one per inbound message at notifications), whatever event carried it. */
export const smsCommandKey = (commandId: string) => derivedEventId(SMS_COMMAND_NAMESPACE, commandId);

/**
 * krom.notifications.sms_command.received.v1 → the command run by the app's rules
 * (sms-commands/) and its answer written to the outbox (krom.rides.sms_command.answered.v1), in
 * the transaction that records the command as handled: delivered twice, or under two event ids,
 * it books once and is answered once.
 */
export function handleSmsCommandReceived(db: RidesDb, logger: Logger, clock: () => Date = () => new Date()): EventRule<SmsCommandReceived> {
  return once(db, {
    key: (envelope) => smsCommandKey(envelope.data.commandId),
    inTransaction: async (tx, { data }) => {
      const now = clock();
      const answer = await answerSmsCommand(db, tx, data, now);
      await recordEvent(tx, smsCommandAnswered, { commandId: data.commandId, memberId: data.memberId, phone: data.phone, answer, answeredAt: now.toISOString() });
      return answer;
    },
    afterCommit: async ({ id, data }, result) => {
      if (!result.first) return;
      logger.info({ eventId: id, commandId: data.commandId, command: data.command.kind, answer: result.value.kind }, 'sms command answered');
    },
  });
}
