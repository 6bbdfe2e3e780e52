import { randomUUID } from 'node:crypto';
import { jsonLinesOutbox, type OutboxLease, outboxDelivery } from '../json-lines-outbox.ts';
import type { SmsProvider } from './port.ts';
import { readTwilioStatusCallback, TWILIO_SIGNATURE_HEADER, twilioSignature } from './twilio-signature.ts';

/** One line of the local outbox file; its id is shaped as Twilio's message sids are (SM and 32 hex digits). */
export type LocalOutboxEntry = { id: string; to: string; body: string; sentAt: string };

const smsOutbox = (outboxDir: string, lease?: OutboxLease) => jsonLinesOutbox<LocalOutboxEntry>(outboxDir, 'sms.jsonl', lease);

/** The account the local provider names in its callbacks, where Twilio names an AC… sid. */
export const LOCAL_ACCOUNT = 'local';

export type LocalSmsSettings = {
  outboxDir: string;
  /** Where to post each message's delivery report, as Twilio would (the BFF's public callback URL); none when unset. */
  statusCallbackUrl?: string | undefined;
  /** Signs and checks the callbacks, as Twilio's auth token does. */
  callbackToken: string;
  /** Told when a delivery report could not be handed over. */
  onCallbackFailure?: (reason: string) => void;
  /** How long a send under a key holds it before another may take over (the messages' claim lease). */
  outboxLease?: OutboxLease | undefined;
};

/** Tries for one report answered 404 (a service from before reports were held until the message is recorded as sent). */
const CALLBACK_TRIES = 8;
const FIRST_CALLBACK_WAIT_MS = 50;

/**
 * Delivers to a file instead of a phone: each message is one JSON line in <dir>/sms.jsonl. Like
 * Twilio, it then reports the delivery: a form-encoded `MessageStatus=delivered` callback to the
 * status callback URL, signed as Twilio signs (X-Twilio-Signature) with its own token, so the
 * callback route, the signature check and the recording run the same with or without Twilio.
 * A send under a delivery key goes out once per key, and can be looked up by it afterwards.
 */
export function localSmsProvider(settings: LocalSmsSettings): SmsProvider {
  const outbox = outboxDelivery(smsOutbox(settings.outboxDir, settings.outboxLease));

  const report = async (entry: LocalOutboxEntry, url: string) => {
    const params = { AccountSid: LOCAL_ACCOUNT, ApiVersion: '2010-04-01', MessageSid: entry.id, MessageStatus: 'delivered', To: entry.to, From: 'Krom' };
    const headers = { 'content-type': 'application/x-www-form-urlencoded', [TWILIO_SIGNATURE_HEADER]: twilioSignature(settings.callbackToken, url, params) };
    let wait = FIRST_CALLBACK_WAIT_MS;
    for (let tries = 1; ; tries += 1) {
      const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params), signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.ok) return;
      if (response.status !== 404 || tries === CALLBACK_TRIES) throw new Error(`the callback was answered ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait *= 2;
    }
  };

  return {
    name: 'local',
    async send(to, body, deliveryKey) {
      const entry: LocalOutboxEntry = { id: `SM${randomUUID().replaceAll('-', '')}`, to, body, sentAt: new Date().toISOString() };
      const delivered = await outbox.deliver(entry, deliveryKey);
      const url = settings.statusCallbackUrl;
      // After answering, as Twilio's report comes after its answer: the message is recorded as sent meanwhile.
      // A send under a key that had gone out before is not delivered, so not reported, again.
      if (url && delivered.providerId === entry.id) {
        setImmediate(() => {
          report(entry, url).catch((error: unknown) => settings.onCallbackFailure?.(`${entry.id}: ${(error as Error).message}`));
        });
      }
      return delivered;
    },
    findSent: outbox.findSent,
    verifyWebhook: (callback) => readTwilioStatusCallback(settings.callbackToken, callback, LOCAL_ACCOUNT),
  };
}

/** Everything the local provider delivered, oldest first (none before the first send). */
export const readLocalOutbox = (outboxDir: string): Promise<LocalOutboxEntry[]> => smsOutbox(outboxDir).read();
