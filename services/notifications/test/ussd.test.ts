import { randomUUID } from 'node:crypto';
import { userSuspended } from '@krom/contracts/events/identity';
import { type SmsCommandAnswer, smsCommandAnswered, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { eventually, publishedEvents, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { LOCAL_SMS_SIGNATURE_HEADER, localSmsSignature } from '../src/providers/sms/local-inbound.ts';
import { ussdTexts } from '../src/ussd/ussd-menu.ts';
import { africasTalkingUssd, hubtelUssd, localUssd } from '../src/ussd/ussd-providers.ts';
import { booked } from './sms-command-answers.ts';
import { assertionFor, e164, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const LOCAL_SECRET = 'local-sms-phone-secret-of-at-least-32-chars';
const AT_TOKEN = 'africastalking-ussd-token-0123456789';
const HUBTEL_TOKEN = 'hubtel-ussd-callback-token-0123456789';
const PUBLIC_ORIGIN = 'https://krom.example';

const now = new Date('2026-12-03T08:00:00.000Z');
const handle = useNotificationsService({
  // No wait for rides' answer: each test delivers the answer itself, then continues.
  env: () => ({ PUBLIC_ORIGIN, USSD_ANSWER_WAIT_MS: '0' }),
  clock: () => now,
  ussdGateways: { local: localUssd(LOCAL_SECRET), africastalking: africasTalkingUssd(AT_TOKEN), hubtel: hubtelUssd(HUBTEL_TOKEN) },
});
const deliver = eventDelivery(handle);
const { textsTo } = messagesOf(handle);

async function post(provider: string, callback: { url: string; headers: Record<string, string>; body: string }) {
  const response = await handle.service.app.inject({
    method: 'POST',
    url: `/provider-callbacks/${provider}/ussd`,
    headers: await assertionFor(handle.config, { kind: 'public' }),
    payload: { url: callback.url, headers: callback.headers, rawBody: Buffer.from(callback.body).toString('base64') },
  });
  return { status: response.statusCode, body: response.json() as { contentType: string; body: string } };
}

/** A step from the local simulator, signed as it signs: every input so far joined by `*`. */
function local(sessionId: string, phone: string, inputs: string[], secret = LOCAL_SECRET) {
  const body = JSON.stringify({ sessionId, serviceCode: '*713#', phoneNumber: e164(phone), text: inputs.join('*') });
  return post('local', { url: `${PUBLIC_ORIGIN}/api/callbacks/local/ussd`, headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(secret, body) }, body });
}
const screenOf = async (sessionId: string, phone: string, inputs: string[]) => {
  const answer = await local(sessionId, phone, inputs);
  expect(answer.status).toBe(200);
  return answer.body.body;
};

const commandsOf = async (memberId: string) =>
  (await publishedEvents(handle.service.bus, smsCommandReceived.subject)).filter((event) => (event.data as { memberId: string }).memberId === memberId);
/** The `count`th ride command the member's session sent, once it is on the bus. */
const command = (memberId: string, count: number) =>
  eventually(async () => {
    const events = await commandsOf(memberId);
    return events.length >= count ? (events[count - 1]!.data as { commandId: string; command: unknown }) : undefined;
  });
async function answer(member: { userId: string; phone: string }, commandId: string, answer: SmsCommandAnswer) {
  await deliver(smsCommandAnswered, testEnvelope(smsCommandAnswered, { commandId, memberId: member.userId, phone: e164(member.phone), answer, answeredAt: now.toISOString() }));
}

const rides: SmsCommandAnswer = {
  kind: 'rides',
  from: 'Accra',
  to: 'Kumasi',
  date: '2026-12-04',
  rides: [{ from: 'Accra', to: 'Kumasi', rideCode: 'K7P2Q', departureAt: '2026-12-04T06:30:00.000Z', pricePerSeat: '120.00', currency: 'GHS', seatsLeft: 3 }],
};

async function member() {
  const user = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
  return { userId: user.userId, phone: user.phone };
}

/** Dials, finds Accra to Kumasi tomorrow (rides answers), picks the ride, 2 seats, the payment, and confirms. */
async function findAndConfirm(ama: { userId: string; phone: string }, session: string, pay: '1' | '2') {
  expect(await screenOf(session, ama.phone, [])).toBe(`CON ${ussdTexts.main}`);
  expect(await screenOf(session, ama.phone, ['1'])).toBe(`CON ${ussdTexts.from}`);
  expect(await screenOf(session, ama.phone, ['1', 'Accra'])).toBe(`CON ${ussdTexts.to}`);
  expect(await screenOf(session, ama.phone, ['1', 'Accra', 'Kumasi'])).toBe(`CON ${ussdTexts.day}`);
  expect(await screenOf(session, ama.phone, ['1', 'Accra', 'Kumasi', '2'])).toBe(`CON ${ussdTexts.searching}`);
  const find = await command(ama.userId, 1);
  expect(find.command).toEqual({ kind: 'find', from: 'Accra', to: 'Kumasi', date: '2026-12-04' });
  await answer(ama, find.commandId, rides);
  const path = ['1', 'Accra', 'Kumasi', '2', '1'];
  expect(await screenOf(session, ama.phone, path)).toBe('CON Accra to Kumasi:\n1 Fri 4 Dec 06:30 GHS 120 3 left');
  expect(await screenOf(session, ama.phone, [...path, '1'])).toBe('CON How many seats? (1-3)');
  expect(await screenOf(session, ama.phone, [...path, '1', '2'])).toBe('CON Pay by\n1 Mobile money\n2 Cash to the driver');
  const confirm = await screenOf(session, ama.phone, [...path, '1', '2', pay]);
  expect(confirm).toMatch(/^CON Book 2 seats Accra to Kumasi Fri 4 Dec 06:30, fare GHS 240 plus fee/);
  return [...path, '1', '2', pay, '1'];
}

describe('USSD sessions', () => {
  it('finds a ride, books two seats by mobile money and says to approve the prompt; a retried step books once', async () => {
    const ama = await member();
    const session = `s-${randomUUID()}`;
    const bookAt = await findAndConfirm(ama, session, '1');
    expect(await screenOf(session, ama.phone, bookAt)).toBe(`CON ${ussdTexts.searching}`);
    // The gateway retries the step: the same screen, and no second booking command.
    expect(await screenOf(session, ama.phone, bookAt)).toBe(`CON ${ussdTexts.searching}`);
    const book = await command(ama.userId, 2);
    expect(book.command).toEqual({ kind: 'book', rideCode: 'K7P2Q', seats: 2, paymentMethod: 'mobile_money' });
    await answer(ama, book.commandId, booked('mobile_money'));
    const done = 'END Booked B7K2Q9: 2 seats Accra to Kumasi Fri 4 Dec 06:30, GHS 250. Approve the mobile money prompt on your phone.';
    expect(await screenOf(session, ama.phone, [...bookAt, '1'])).toBe(done);
    expect(await screenOf(session, ama.phone, [...bookAt, '1'])).toBe(done);
    expect(await commandsOf(ama.userId)).toHaveLength(2);
    // Rides' answers were shown on the screen, not texted.
    expect(await textsTo(ama.phone)).toEqual([]);
  });

  it('books by cash', async () => {
    const ama = await member();
    const session = `s-${randomUUID()}`;
    const bookAt = await findAndConfirm(ama, session, '2');
    await screenOf(session, ama.phone, bookAt);
    const book = await command(ama.userId, 2);
    expect(book.command).toEqual({ kind: 'book', rideCode: 'K7P2Q', seats: 2, paymentMethod: 'cash' });
    await answer(ama, book.commandId, booked('cash'));
    expect(await screenOf(session, ama.phone, [...bookAt, '1'])).toBe('END Booked B7K2Q9: 2 seats Accra to Kumasi Fri 4 Dec 06:30, GHS 250. Pay the driver in cash.');
  });

  it('says when no ride between the towns has seats on the day entered', async () => {
    const ama = await member();
    const session = `s-${randomUUID()}`;
    expect(await screenOf(session, ama.phone, ['1', 'Accra', 'Tamale', '3', '24/12'])).toBe(`CON ${ussdTexts.searching}`);
    const find = await command(ama.userId, 1);
    expect(find.command).toEqual({ kind: 'find', from: 'Accra', to: 'Tamale', date: '2026-12-24' });
    await answer(ama, find.commandId, { kind: 'rides', from: 'Accra', to: 'Tamale', date: '2026-12-24', rides: [] });
    expect(await screenOf(session, ama.phone, ['1', 'Accra', 'Tamale', '3', '24/12', '1'])).toBe(
      'END No rides Accra to Tamale on Thu 24 Dec with seats left. Dial again to try another day.',
    );
  });

  it('lists my bookings and cancels one by the policy rides states', async () => {
    const ama = await member();
    const session = `s-${randomUUID()}`;
    expect(await screenOf(session, ama.phone, ['2'])).toBe(`CON ${ussdTexts.searching}`);
    const my = await command(ama.userId, 1);
    expect(my.command).toEqual({ kind: 'my' });
    await answer(ama, my.commandId, {
      kind: 'bookings',
      bookings: [{ bookingCode: 'B7K2Q9', rideCode: 'K7P2Q', from: 'Accra', to: 'Kumasi', departureAt: '2026-12-04T06:30:00.000Z', seats: 2, status: 'confirmed' }],
    });
    expect(await screenOf(session, ama.phone, ['2', '1'])).toBe('CON Your bookings:\n1 B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30');
    expect(await screenOf(session, ama.phone, ['2', '1', '1'])).toBe('CON B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30, 2 seats, confirmed\n1 Cancel booking\n2 Keep it');
    expect(await screenOf(session, ama.phone, ['2', '1', '1', '1'])).toBe(`CON ${ussdTexts.searching}`);
    const cancel = await command(ama.userId, 2);
    expect(cancel.command).toEqual({ kind: 'cancel', bookingCode: 'B7K2Q9' });
    const policy = 'Full refund: cancelled more than 24 hours before departure.';
    await answer(ama, cancel.commandId, { kind: 'cancelled', bookingCode: 'B7K2Q9', from: 'Accra', to: 'Kumasi', departureAt: '2026-12-04T06:30:00.000Z', refundAmount: '250.00', currency: 'GHS', policy });
    expect(await screenOf(session, ama.phone, ['2', '1', '1', '1', '1'])).toBe(`END Booking B7K2Q9 Accra to Kumasi is cancelled. GHS 250 back to your mobile money. ${policy}`);
  });

  it('answers help, an unknown number and a suspended member as the SMS path words them', async () => {
    const ama = await member();
    expect(await screenOf(`s-${randomUUID()}`, ama.phone, ['3'])).toBe(`END ${ussdTexts.help}`);
    expect(await screenOf(`s-${randomUUID()}`, '+233209990000', [])).toBe(`END This number is not on Krom. Sign up at ${PUBLIC_ORIGIN} to book rides by SMS.`);
    await deliver(userSuspended, testEnvelope(userSuspended, { userId: ama.userId, reason: 'Reports', staffId: randomUUID(), occurredAt: now.toISOString() }));
    expect(await screenOf(`s-${randomUUID()}`, ama.phone, [])).toBe(
      'END Your Krom account is suspended, so it cannot find, book or cancel rides. Contact Krom support to learn more.',
    );
  });

  it("takes Africa's Talking's form post and Hubtel's JSON with the token in the URL, and refuses a missing or forged token or signature", async () => {
    const ama = await member();
    const form = new URLSearchParams({ sessionId: `AT-${randomUUID()}`, serviceCode: '*713#', phoneNumber: e164(ama.phone), networkCode: '62001', text: '' }).toString();
    const atUrl = (token?: string) => `${PUBLIC_ORIGIN}/api/callbacks/africastalking/ussd${token ? `?token=${token}` : ''}`;
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await post('africastalking', { url: atUrl(AT_TOKEN), headers: formHeaders, body: form })).toEqual({
      status: 200,
      body: { contentType: 'text/plain; charset=utf-8', body: `CON ${ussdTexts.main}` },
    });
    expect((await post('africastalking', { url: atUrl(), headers: formHeaders, body: form })).status).toBe(401);
    expect((await post('africastalking', { url: atUrl('forged-token-forged-token-0000'), headers: formHeaders, body: form })).status).toBe(403);

    const hubtelUrl = `${PUBLIC_ORIGIN}/api/callbacks/hubtel/ussd?token=${HUBTEL_TOKEN}`;
    const sessionId = `H-${randomUUID()}`;
    const hubtel = (type: string, message: string, sequence: number) =>
      post('hubtel', {
        url: hubtelUrl,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Type: type, Mobile: e164(ama.phone).slice(1), SessionId: sessionId, ServiceCode: '713', Message: message, Operator: 'mtn', Sequence: sequence }),
      });
    expect((await hubtel('Initiation', '*713#', 1)).body).toEqual({
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ SessionId: sessionId, Type: 'response', Message: ussdTexts.main, Label: 'Krom', DataType: 'input', FieldType: 'text' }),
    });
    expect(JSON.parse((await hubtel('Response', '1', 2)).body.body).Message).toBe(ussdTexts.from);
    expect(JSON.parse((await hubtel('Response', 'Accra', 3)).body.body).Message).toBe(ussdTexts.to);
    // Hubtel retries step 3: the same screen, not a step further.
    expect(JSON.parse((await hubtel('Response', 'Accra', 3)).body.body).Message).toBe(ussdTexts.to);
    expect((await post('hubtel', { url: `${PUBLIC_ORIGIN}/api/callbacks/hubtel/ussd`, headers: {}, body: '{}' })).status).toBe(401);

    expect((await local(`s-${randomUUID()}`, ama.phone, [], 'another-secret-of-at-least-32-characters')).status).toBe(403);
    const unsigned = await post('local', { url: `${PUBLIC_ORIGIN}/api/callbacks/local/ussd`, headers: {}, body: '{}' });
    expect(unsigned.status).toBe(401);
    const unreadable = JSON.stringify({ sessionId: 'x' });
    expect((await post('local', { url: '', headers: { [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(LOCAL_SECRET, unreadable) }, body: unreadable })).status).toBe(400);
  });
});
