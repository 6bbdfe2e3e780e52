import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { pactFile } from '@krom/server-kit/pact';
import { eventually } from '@krom/server-kit/testing';
import { MessageProviderPact } from '@pact-foundation/pact';
import { and, eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { LOCAL_SMS_SIGNATURE_HEADER, localInboundSms, localSmsSignature } from '../src/providers/sms/local-inbound.ts';
import { assertionFor, e164, registeredUser, useNotificationsService } from '../test/notifications-test-env.ts';

/*
 * The notifications service produces the sms_command.received messages the rides service expects:
 * a member's text, signed by the local SMS phone, taken through the service's own inbound callback
 * route as the BFF forwards it, and the event read back from the outbox row written in its
 * transaction.
 */
const LOCAL_SECRET = 'local-sms-phone-secret-of-at-least-32-chars';
const PUBLIC_ORIGIN = 'https://krom.example';
const handle = useNotificationsService({ env: () => ({ PUBLIC_ORIGIN }), inboundSmsProviders: { local: localInboundSms(LOCAL_SECRET) } });

/** A member texts `words` to Krom from their verified phone; the sms_command.received it published. */
async function texted(words: string): Promise<EventEnvelope> {
  const member = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
  const body = JSON.stringify({ id: randomUUID(), from: e164(member.phone), to: '+233302000000', text: words });
  const response = await handle.service.app.inject({
    method: 'POST',
    url: '/provider-callbacks/local/sms-inbound',
    headers: await assertionFor(handle.config, { kind: 'public' }),
    payload: {
      url: `${PUBLIC_ORIGIN}/api/callbacks/local/sms-inbound`,
      headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(LOCAL_SECRET, body) },
      rawBody: Buffer.from(body).toString('base64'),
    },
  });
  if (response.statusCode !== 200) throw new Error(`the inbound callback answered ${response.statusCode}: ${response.body}`);
  return eventually(async () => {
    const [row] = await handle.service.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, smsCommandReceived.subject), sql`${outbox.envelope}->'data'->>'memberId' = ${member.userId}`));
    return row?.envelope;
  });
}

const commands = ['FIND Accra Kumasi 30/11', 'BOOK K7P2Q 2 CASH', 'MY', 'CANCEL HX4RT7A'] as const;
const kinds = ['find', 'book', 'my', 'cancel'] as const;

it('produces the sms_command.received events krom-rides expects', async () => {
  const file = pactFile('krom-rides', 'krom-notifications');
  expect(existsSync(file), `${file} is written by the rides service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-notifications',
    pactUrls: [file],
    logLevel: 'warn',
    stateHandlers: Object.fromEntries(commands.map((words) => [`a member texted ${words} from their verified phone`, async () => undefined])),
    messageProviders: Object.fromEntries(commands.map((words, i) => [`a ${smsCommandReceived.subject} event with a ${kinds[i]} command`, () => texted(words)])),
  }).verify();
});
