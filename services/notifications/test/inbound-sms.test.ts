import { randomUUID } from 'node:crypto';
import { userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { rideRequestMatched } from '@krom/contracts/events/rides';
import { type SmsCommandAnswer, smsCommandAnswered, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { eventually, publishedEvents, testEnvelope } from '@krom/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inboundSms, smsLogs } from '../src/db/schema.ts';
import { hubtelInboundSms } from '../src/providers/sms/hubtel-inbound.ts';
import { LOCAL_SMS_SIGNATURE_HEADER, localInboundSms, localSmsSignature } from '../src/providers/sms/local-inbound.ts';
import { TWILIO_SIGNATURE_HEADER, twilioInboundSms, twilioSignature } from '../src/providers/sms/twilio-signature.ts';
import { assertionFor, e164, eventDelivery, messagesOf, newPhone, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const LOCAL_SECRET = 'local-sms-phone-secret-of-at-least-32-chars';
const HUBTEL_TOKEN = 'hubtel-callback-token-0123456789';
const TWILIO_TOKEN = 'twilio-auth-token-for-the-inbound-test';
const TWILIO_ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const PUBLIC_ORIGIN = 'https://krom.example';
const KROM_NUMBER = '+233302000000';

// The clock the service counts each number's texts by; a test moves it past the hour.
let now = new Date('2026-12-01T08:00:00.000Z');
const handle = useNotificationsService({
  env: () => ({ PUBLIC_ORIGIN, SMS_INBOUND_PER_NUMBER_HOURLY: '10' }),
  clock: () => now,
  // Every way in at once here (a deployment has Twilio's or the local phone's, and Hubtel's when its token is set).
  inboundSmsProviders: { local: localInboundSms(LOCAL_SECRET), hubtel: hubtelInboundSms(HUBTEL_TOKEN), twilio: twilioInboundSms(TWILIO_TOKEN, TWILIO_ACCOUNT) },
});

const deliver = eventDelivery(handle);
const { textsTo } = messagesOf(handle);

async function callback(provider: 'local' | 'hubtel' | 'twilio', callback: { url: string; headers: Record<string, string>; body: string }) {
  const response = await handle.service.app.inject({
    method: 'POST',
    url: `/provider-callbacks/${provider}/sms-inbound`,
    headers: await assertionFor(handle.config, { kind: 'public' }),
    payload: { url: callback.url, headers: callback.headers, rawBody: Buffer.from(callback.body).toString('base64') },
  });
  return { status: response.statusCode, body: response.json() as { outcome?: string; message?: string } };
}

const localUrl = `${PUBLIC_ORIGIN}/api/callbacks/local/sms-inbound`;
/** A text from the local SMS phone, signed as it signs (`id`: the phone's message id, new unless given). */
function text(phone: string, words: string, id = randomUUID()) {
  const body = JSON.stringify({ id, from: e164(phone), to: KROM_NUMBER, text: words });
  return callback('local', { url: localUrl, headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(LOCAL_SECRET, body) }, body });
}

const rowsFrom = (phone: string) => handle.service.db.select().from(inboundSms).where(eq(inboundSms.phone, e164(phone)));
const repliesTo = (phone: string) => handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, e164(phone)));
const commandsOf = async (memberId: string) =>
  (await publishedEvents(handle.service.bus, smsCommandReceived.subject)).filter((event) => (event.data as { memberId: string }).memberId === memberId);
/** The texts the local provider delivered to the number, once `count` are there. */
const delivered = (phone: string, count: number) => eventually(async () => ((await textsTo(phone)).length >= count ? (await textsTo(phone)).map((sms) => sms.body) : undefined));

async function member() {
  const user = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
  return { userId: user.userId, phone: user.phone };
}

describe('texts to Krom', () => {
  it('publishes each ride command of a member once, as the contract reads it, with the inbound row as the command id', async () => {
    const ama = await member();
    const commands: [string, unknown][] = [
      ['FIND Accra Kumasi', { kind: 'find', from: 'Accra', to: 'Kumasi', date: null }],
      ['  find   cape  coast to  ACCRA  4/12 ', { kind: 'find', from: 'Cape Coast', to: 'Accra', date: '2026-12-04' }],
      ['BOOK K7P2Q 2', { kind: 'book', rideCode: 'K7P2Q', seats: 2, paymentMethod: 'mobile_money' }],
      ['book k7p2q 1 cash', { kind: 'book', rideCode: 'K7P2Q', seats: 1, paymentMethod: 'cash' }],
      ['My', { kind: 'my' }],
      ['CANCEL b7k2q9', { kind: 'cancel', bookingCode: 'B7K2Q9' }],
    ];
    for (const [words] of commands) expect(await text(ama.phone, words)).toEqual({ status: 200, body: { outcome: 'handled' } });

    const published = await eventually(async () => {
      const events = await commandsOf(ama.userId);
      return events.length >= commands.length ? events : undefined;
    });
    const rows = await rowsFrom(ama.phone);
    expect(published.map((event) => (event.data as { command: unknown }).command)).toEqual(commands.map(([, command]) => command));
    for (const event of published) {
      const data = smsCommandReceived.schema.parse(event.data);
      expect(data).toMatchObject({ memberId: ama.userId, phone: e164(ama.phone) });
      expect(rows.find((row) => row.id === data.commandId)).toMatchObject({ outcome: 'command', userId: ama.userId, provider: 'local' });
    }
    // Rides answers them; Krom itself texts nothing back for a command.
    expect(await repliesTo(ama.phone)).toEqual([]);
  });

  it('handles a message delivered twice once: the second delivery is answered 200 and nothing more happens', async () => {
    const ama = await member();
    const id = randomUUID();
    expect((await text(ama.phone, 'MY', id)).body).toEqual({ outcome: 'handled' });
    expect(await text(ama.phone, 'MY', id)).toEqual({ status: 200, body: { outcome: 'replayed' } });
    const [helpFirst, helpAgain] = [randomUUID(), randomUUID()];
    expect((await text(ama.phone, 'HELP', helpFirst)).body).toEqual({ outcome: 'handled' });
    expect((await text(ama.phone, 'HELP', helpFirst)).body).toEqual({ outcome: 'replayed' });
    expect((await text(ama.phone, 'HELP', helpAgain)).body).toEqual({ outcome: 'handled' });

    expect(await rowsFrom(ama.phone)).toHaveLength(3);
    expect(await repliesTo(ama.phone)).toHaveLength(2);
    await eventually(async () => ((await commandsOf(ama.userId)).length === 1 ? true : undefined));
    const help = 'Krom: FIND <from> <to> [date], BOOK <ride code> <seats> [CASH], MY (your bookings), CANCEL <booking code>, STOP or START (SMS notices).';
    expect(await delivered(ama.phone, 2)).toEqual([help, help]);
  });

  it('answers a malformed command with its right form, and words it does not know with the commands', async () => {
    const ama = await member();
    await text(ama.phone, 'BOOK K7P2Q');
    await text(ama.phone, 'find Accra');
    await text(ama.phone, 'CANCEL');
    await text(ama.phone, 'Hello Krom');
    expect(await delivered(ama.phone, 4)).toEqual([
      'Krom: To book, send BOOK <ride code> <seats>, e.g. BOOK K7P2Q 2 (add CASH to pay the driver in cash)',
      'Krom: To find rides, send FIND <from> <to> [date], e.g. FIND Accra Kumasi 4/12 or FIND Cape Coast TO Accra',
      'Krom: To cancel, send CANCEL <booking code>, e.g. CANCEL B7K2Q9',
      'Krom: FIND <from> <to> [date], BOOK <ride code> <seats> [CASH], MY (your bookings), CANCEL <booking code>, STOP or START (SMS notices).',
    ]);
    expect((await rowsFrom(ama.phone)).map((row) => row.outcome)).toEqual(['malformed', 'malformed', 'malformed', 'malformed']);
    expect(await commandsOf(ama.userId)).toEqual([]);
  });

  it('tells a number not on Krom how to sign up, and publishes nothing', async () => {
    const stranger = newPhone('020');
    expect((await text(stranger, 'BOOK K7P2Q 2')).body).toEqual({ outcome: 'handled' });
    expect(await delivered(stranger, 1)).toEqual(['Krom: This number is not on Krom. Sign up at https://krom.example to book rides by SMS.']);
    const [row] = await rowsFrom(stranger);
    expect(row).toMatchObject({ outcome: 'unknown_number', userId: null });
  });

  it('refuses a suspended member, and takes their commands again once the suspension is lifted (an older event changes nothing)', async () => {
    const ama = await member();
    const staffId = randomUUID();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 10, minutes)).toISOString();
    await deliver(userSuspended, testEnvelope(userSuspended, { userId: ama.userId, reason: 'Reports', staffId, occurredAt: at(0) }));
    await text(ama.phone, 'FIND Accra Kumasi');
    expect(await delivered(ama.phone, 1)).toEqual(['Krom: Your Krom account is suspended, so it cannot find, book or cancel rides. Contact Krom support to learn more.']);

    await deliver(userUnsuspended, testEnvelope(userUnsuspended, { userId: ama.userId, reason: 'Cleared', staffId, occurredAt: at(30) }));
    // The suspension again, but from before the lifting: late, so it changes nothing.
    await deliver(userSuspended, testEnvelope(userSuspended, { userId: ama.userId, reason: 'Reports', staffId, occurredAt: at(0) }));
    await text(ama.phone, 'FIND Accra Kumasi');
    await eventually(async () => ((await commandsOf(ama.userId)).length === 1 ? true : undefined));
    expect((await rowsFrom(ama.phone)).map((row) => row.outcome).sort()).toEqual(['command', 'refused']);
    expect(await repliesTo(ama.phone)).toHaveLength(1);
  });

  it('STOP turns notices off for the number (a match is not texted, a reply still is), START turns them back on', async () => {
    const ama = await member();
    const matched = () =>
      testEnvelope(rideRequestMatched, {
        requestId: randomUUID(),
        passengerId: ama.userId,
        rideId: randomUUID(),
        fromLocation: 'Accra',
        toLocation: 'Kumasi',
        departureDate: '2026-12-04',
        departureTime: '06:30',
        departureAt: '2026-12-04T06:30:00.000Z',
        availableSeats: 3,
        pricePerSeat: '120.00',
        currency: 'GHS',
        notifyByEmail: false,
        notifyBySMS: true,
        matchedAt: new Date().toISOString(),
        version: 1,
      });
    await text(ama.phone, '  stop ');
    await deliver(rideRequestMatched, matched());
    const [suppressed] = (await repliesTo(ama.phone)).filter((row) => row.message.startsWith('Krom: a ride matches'));
    expect(suppressed).toMatchObject({ status: 'suppressed', error: 'Suppressed: the number sent STOP' });

    await text(ama.phone, 'START');
    await deliver(rideRequestMatched, matched());
    const texts = await delivered(ama.phone, 3);
    expect(texts[0]).toBe('Krom: SMS notices are off. Send START to turn them back on.');
    expect(texts[1]).toBe('Krom: SMS notices are on. Send STOP to turn them off.');
    expect(texts[2]).toMatch(/^Krom: a ride matches your request\. Accra to Kumasi/);
    expect(texts).toHaveLength(3);
  });

  it('holds a number to its texts an hour: past the limit one "too many" reply, then silence until the hour has passed', async () => {
    const ama = await member();
    const start = now;
    try {
      for (let i = 0; i < 10; i += 1) await text(ama.phone, 'HELP');
      await text(ama.phone, 'FIND Accra Kumasi');
      await text(ama.phone, 'FIND Accra Kumasi');
      await text(ama.phone, 'HELP');
      expect((await rowsFrom(ama.phone)).map((row) => row.outcome).slice(10)).toEqual(['limited', 'silenced', 'silenced']);
      const replies = await repliesTo(ama.phone);
      expect(replies).toHaveLength(11);
      expect(replies.filter((row) => row.message === 'Krom: Too many messages. Try again in an hour.')).toHaveLength(1);
      expect(await commandsOf(ama.userId)).toEqual([]);

      now = new Date(start.getTime() + 61 * 60_000);
      await text(ama.phone, 'MY');
      await eventually(async () => ((await commandsOf(ama.userId)).length === 1 ? true : undefined));
    } finally {
      now = start;
    }
  });

  it('texts rides’ answer to the number once per command, however often it comes', async () => {
    const ama = await member();
    const commandId = randomUUID();
    const answer: SmsCommandAnswer = {
      kind: 'booked',
      bookingCode: 'B7K2Q9',
      rideCode: 'K7P2Q',
      from: 'Accra',
      to: 'Kumasi',
      departureAt: '2026-12-04T06:30:00.000Z',
      seats: 2,
      totalAmount: '245.00',
      currency: 'GHS',
      paymentMethod: 'mobile_money',
      status: 'awaiting_payment',
    };
    const answered = testEnvelope(smsCommandAnswered, { commandId, memberId: ama.userId, phone: e164(ama.phone), answer, answeredAt: new Date().toISOString() });
    await deliver(smsCommandAnswered, answered);
    await deliver(smsCommandAnswered, { ...answered, id: randomUUID() });
    // A number that sent STOP still gets the answer to what it asked.
    await text(ama.phone, 'STOP');
    await deliver(smsCommandAnswered, testEnvelope(smsCommandAnswered, { ...answered.data, commandId: randomUUID(), answer: { kind: 'bookings', bookings: [] } }));
    const texts = await delivered(ama.phone, 3);
    expect(texts).toEqual([
      'Krom: 2 seats Accra to Kumasi Fri 4 Dec 06:30, ride K7P2Q. Booking B7K2Q9, total GHS 245. Approve the mobile money prompt on your phone.',
      'Krom: SMS notices are off. Send START to turn them back on.',
      'Krom: You have no upcoming bookings. Send FIND <from> <to> to find a ride.',
    ]);
    expect(await repliesTo(ama.phone)).toHaveLength(3);
  });
});

describe('who may text Krom', () => {
  const twilioUrl = `${PUBLIC_ORIGIN}/api/callbacks/twilio/sms-inbound`;
  const twilioForm = (phone: string, sid: string) => ({ AccountSid: TWILIO_ACCOUNT, MessageSid: sid, From: e164(phone), To: KROM_NUMBER, Body: 'MY', NumMedia: '0' });
  const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

  it('takes a text signed by Twilio (its own library signs it), refuses one unsigned (401), forged or altered (403)', async () => {
    const ama = await member();
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    const params = twilioForm(ama.phone, sid);
    const signature = twilioSignature(TWILIO_TOKEN, twilioUrl, params);
    expect((await callback('twilio', { url: twilioUrl, headers: formHeaders, body: form(params) })).status).toBe(401);
    expect((await callback('twilio', { url: twilioUrl, headers: { ...formHeaders, [TWILIO_SIGNATURE_HEADER]: twilioSignature('another-token', twilioUrl, params) }, body: form(params) })).status).toBe(403);
    const altered = { ...params, Body: 'CANCEL B7K2Q9' };
    expect((await callback('twilio', { url: twilioUrl, headers: { ...formHeaders, [TWILIO_SIGNATURE_HEADER]: signature }, body: form(altered) })).status).toBe(403);
    expect(await rowsFrom(ama.phone)).toEqual([]);

    expect(await callback('twilio', { url: twilioUrl, headers: { ...formHeaders, [TWILIO_SIGNATURE_HEADER]: signature }, body: form(params) })).toEqual({ status: 200, body: { outcome: 'handled' } });
    const [row] = await rowsFrom(ama.phone);
    expect(row).toMatchObject({ provider: 'twilio', providerMessageId: sid, outcome: 'command', text: 'MY', sentTo: KROM_NUMBER });
  });

  it('refuses a local phone text unsigned (401) or signed with another secret (403)', async () => {
    const ama = await member();
    const body = JSON.stringify({ id: randomUUID(), from: e164(ama.phone), to: KROM_NUMBER, text: 'MY' });
    expect((await callback('local', { url: localUrl, headers: { 'content-type': 'application/json' }, body })).status).toBe(401);
    const forged = { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature('another-secret-of-at-least-32-characters', body) };
    expect((await callback('local', { url: localUrl, headers: forged, body })).status).toBe(403);
    const unreadable = { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(LOCAL_SECRET, '{"id":1}') };
    expect((await callback('local', { url: localUrl, headers: unreadable, body: '{"id":1}' })).status).toBe(400);
    expect(await rowsFrom(ama.phone)).toEqual([]);
  });

  it('takes a Hubtel text only with the token in its URL: none 401, another 403, the right one handled (JSON or form)', async () => {
    const ama = await member();
    const hubtelUrl = `${PUBLIC_ORIGIN}/api/callbacks/hubtel/sms-inbound`;
    const fields = { MessageId: randomUUID(), From: `233${ama.phone.slice(1)}`, To: '1234', Content: 'MY' };
    const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) };
    expect((await callback('hubtel', { url: hubtelUrl, ...json })).status).toBe(401);
    expect((await callback('hubtel', { url: `${hubtelUrl}?token=wrong-token-0123456789abcdef`, ...json })).status).toBe(403);
    expect((await callback('hubtel', { url: `${hubtelUrl}?token=${HUBTEL_TOKEN}&token=${HUBTEL_TOKEN}`, ...json })).status).toBe(403);
    expect(await rowsFrom(ama.phone)).toEqual([]);

    expect((await callback('hubtel', { url: `${hubtelUrl}?token=${HUBTEL_TOKEN}`, ...json })).body).toEqual({ outcome: 'handled' });
    const formFields = { ...fields, MessageId: randomUUID(), Content: 'HELP' };
    expect((await callback('hubtel', { url: `${hubtelUrl}?token=${HUBTEL_TOKEN}`, headers: formHeaders, body: form(formFields) })).body).toEqual({ outcome: 'handled' });
    const rows = await handle.service.db.select().from(inboundSms).where(and(eq(inboundSms.phone, e164(ama.phone)), eq(inboundSms.provider, 'hubtel')));
    expect(rows.map((row) => row.outcome).sort()).toEqual(['command', 'help']);
  });
});
