import { type SmsCommandAnswered, smsCommandAnswered } from '@krom/contracts/events/sms-commands';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { smsAnswerText } from '../../inbound-sms/sms-answers.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { recordSms, smsAtKnownPhone } from '../../sms/record-sms.ts';
import { storeUssdAnswer } from '../../ussd/handle-ussd.ts';

/** Reads a raw sms_command.answered envelope as this service understands it (also what its message pact checks). */
export const readSmsCommandAnswered = envelopeReader(smsCommandAnswered);

// Fixed namespace of the SMS answer keys (a UUID v5 namespace; this one must not change).
const ANSWER_NAMESPACE = Buffer.from('3d7a9c2e5f1b4a8c8b6e2d4f7a9c1e3b', 'hex');

/** The id an answer is handled and texted under: one per command, whatever event id rides sent it with. */
export const answerKey = (answered: Pick<SmsCommandAnswered, 'commandId'>) => derivedEventId(ANSWER_NAMESPACE, `${answered.commandId}:answer`);

/**
 * krom.rides.sms_command.answered.v1 → rides' answer worded (sms-answers.ts) and texted to the
 * number that sent the command, once per command. It is a reply to the member's own text, so it
 * goes even to a number that sent STOP, and past the notice caps (the inbound limit bounds it).
 * The answer to a USSD step's command is stored on its session instead (src/ussd).
 */
export function handleSmsCommandAnswered(senders: NoticeSenders): EventRule<SmsCommandAnswered> {
  const key = (envelope: { data: SmsCommandAnswered }) => answerKey(envelope.data);
  const text = deliverNotice(senders, {
    key,
    record: async (tx, { data }) => {
      const record = smsAtKnownPhone(data.phone, {
        message: smsAnswerText(data.answer),
        messageType: 'notification',
        provider: senders.sms.providerName,
        sourceEventId: answerKey(data),
        userId: data.memberId,
      });
      return { sms: await recordSms(tx, { ...record, reply: true }, senders.sms.limits) };
    },
  });
  // A USSD step's command is answered on the session's screen, not by text.
  return async (envelope) => {
    if (await storeUssdAnswer(senders.sms.db, envelope.data.commandId, envelope.data.answer)) return;
    await text(envelope);
  };
}
