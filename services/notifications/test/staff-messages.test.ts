import { randomUUID } from 'node:crypto';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { messageLogSchema, smsTestMessages } from '@krom/contracts/http/staff-messages';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller, eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsLogs, verificationCodes } from '../src/db/schema.ts';
import { recordEmail } from '../src/email/queue-email.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { recordSms } from '../src/sms/record-sms.ts';
import { assertionFor, useNotificationsService, e164, newPhone } from './notifications-test-env.ts';

// The service's clock stands still and tests move it: cooldowns end when a test says, and rows
// get the times the paging tests need, however slow the machine.
let now = Date.now();
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const handle = useNotificationsService({ clock: () => new Date(now), env: () => ({ PHONE_CODE_RESEND_SECONDS: '150' }) });

const staff = administratorCaller();

const call = async (method: 'GET' | 'POST', url: string, payload?: object, caller: Caller = staff) =>
  handle.service.app.inject({ method, url, payload, headers: await assertionFor(handle.config, caller) });
const sendCode = (phoneNumber: string, caller?: Caller) => call('POST', '/staff/sms-test/codes', { phoneNumber }, caller);
const verify = (phoneNumber: string, code: string) => call('POST', '/staff/sms-test/codes/verify', { phoneNumber, code });
const booking = { from: 'Accra', to: 'Kumasi', date: '12 Dec', time: '08:00', driver: 'Kwame', vehicle: 'Toyota Corolla GR-1234-20' };
const bookingText = 'Krom e-ticket: Accra to Kumasi, 12 Dec at 08:00. Driver Kwame, Toyota Corolla GR-1234-20.';

const smsLog = async (query = '') => {
  const response = await call('GET', `/staff/messages/sms${query}`);
  expect(response.statusCode).toBe(200);
  return messageLogSchema.parse(response.json()).entries;
};
const emailLog = async (query = '') => {
  const response = await call('GET', `/staff/messages/email${query}`);
  expect(response.statusCode).toBe(200);
  return messageLogSchema.parse(response.json()).entries;
};

/** The newest code the phone received, once it has received `count` texts. */
const codeReceived = (phone: string, count = 1) =>
  eventually(async () => {
    const texts = (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((sms) => sms.to === e164(phone));
    return texts.length >= count ? /code is (\d{4})\./.exec(texts.at(-1)?.body ?? '')?.[1] : undefined;
  });
const wrong = (code: string) => ((Number(code) + 1) % 10_000).toString().padStart(4, '0');

describe('who may call the staff routes', () => {
  const routes = [
    ['GET', '/staff/messages/sms', undefined],
    ['GET', '/staff/messages/email', undefined],
    ['POST', '/staff/sms-test/codes', { phoneNumber: '0241234567' }],
    ['POST', '/staff/sms-test/codes/verify', { phoneNumber: '0241234567', code: '1234' }],
    ['POST', '/staff/sms-test/booking-confirmation', { phoneNumber: '0241234567', bookingDetails: booking }],
  ] as const;

  it.each(routes)('%s %s refuses a signed-in user, the public and a call without an assertion', async (method, url, payload) => {
    for (const caller of [{ kind: 'user', userId: randomUUID() }, { kind: 'public' }] as Caller[]) {
      expect((await call(method, url, payload, caller)).statusCode).toBe(401);
    }
    expect((await handle.service.app.inject({ method, url, payload })).statusCode).toBe(401);
  });

  it('texts nothing for a refused caller', async () => {
    const phone = newPhone();
    await sendCode(phone, { kind: 'user', userId: randomUUID() });
    await call('POST', '/staff/sms-test/booking-confirmation', { phoneNumber: phone, bookingDetails: booking }, { kind: 'public' });
    expect(await handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, e164(phone)))).toEqual([]);
  });

  it('keeps staff test codes out of the general code routes', async () => {
    const phone = newPhone();
    const issued = await call('POST', '/verification-codes', { purpose: 'staff_test', subject: phone, destination: { channel: 'sms', phone }, clientKey: '10.0.0.1' }, { kind: 'public' });
    expect(issued.statusCode).toBe(400);
    expect(await handle.service.db.select().from(verificationCodes).where(eq(verificationCodes.subject, phone))).toEqual([]);
  });
});

describe('the SMS test panel', () => {
  it('texts a test code, refuses a wrong one and accepts the right one once', async () => {
    const phone = newPhone();
    const sent = await sendCode(`+233 ${phone.slice(1)}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: smsTestMessages.codeSent });
    const code = await codeReceived(phone);
    const [row] = await handle.service.db.select().from(verificationCodes).where(eq(verificationCodes.subject, phone));
    expect(row).toMatchObject({ purpose: 'staff_test', channel: 'sms', destination: e164(phone), clientKey: `staff:${staff.adminId}` });

    const refused = await verify(phone, wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(phoneCodeErrors.invalidCode);
    const accepted = await verify(phone, code);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: smsTestMessages.verified });
    expect((await verify(phone, code)).json().message).toBe(phoneCodeErrors.invalidCode);
  });

  it('applies the sign-up code rules: the cooldown with its seconds, and three wrong tries', async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = await codeReceived(phone);
    advance(30);
    const early = await sendCode(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(phoneCodeErrors.cooldown(120));
    expect(early.headers['retry-after']).toBe('120');

    expect((await verify(phone, wrong(code))).json().message).toBe(phoneCodeErrors.invalidCode);
    expect((await verify(phone, wrong(code))).json().message).toBe(phoneCodeErrors.invalidCode);
    const third = await verify(phone, wrong(code));
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(phoneCodeErrors.tooManyTries);
    expect((await verify(phone, code)).json().message).toBe(phoneCodeErrors.tooManyTries);

    advance(120);
    expect((await sendCode(phone)).statusCode).toBe(200);
    const second = await codeReceived(phone, 2);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it('refuses a number that is not a Ghana number, sending nothing', async () => {
    for (const phoneNumber of ['12345', '+44 20 7946 0958', '0012345678']) {
      const code = await sendCode(phoneNumber);
      expect(code.statusCode).toBe(400);
      const confirmation = await call('POST', '/staff/sms-test/booking-confirmation', { phoneNumber, bookingDetails: booking });
      expect(confirmation.statusCode).toBe(400);
    }
    const empty = await call('POST', '/staff/sms-test/booking-confirmation', { phoneNumber: newPhone(), bookingDetails: { ...booking, driver: ' ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('texts a booking confirmation built from the details and logs it as one', async () => {
    const phone = newPhone();
    const response = await call('POST', '/staff/sms-test/booking-confirmation', { phoneNumber: phone, bookingDetails: booking });
    expect(response.statusCode).toBe(200);
    const { message, smsLogId } = response.json();
    expect(message).toBe(smsTestMessages.bookingSent);
    const delivered = await eventually(async () => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).find((sms) => sms.to === e164(phone)));
    expect(delivered.body).toBe(bookingText);
    const entry = await eventually(async () => (await smsLog()).find((logged) => logged.id === smsLogId && logged.status === 'sent'));
    expect(entry).toMatchObject({ channel: 'sms', destination: e164(phone), subject: null, text: bookingText, messageType: 'booking_confirmation', provider: 'local', attempts: 1, error: null });
  });
});

describe('the message log', () => {
  it('never shows a code: not while it is pending, not once sent, and not in a row that kept it in clear', async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = await codeReceived(phone);
    const sent = await eventually(async () => (await smsLog()).find((entry) => entry.destination === e164(phone) && entry.status === 'sent'));
    expect(sent.text).toBe('Your Krom test code is ****. It expires in 10 minutes. Krom staff sent it to test SMS delivery.');

    // Recorded but not queued: pending, with the live code in `message`, as the worker needs it.
    const limits = handle.service.sender.limits;
    const pendingPhone = e164(newPhone());
    await recordSms(handle.service.db, { phoneNumber: pendingPhone, message: 'Your Krom verification code is 4821. It expires in 10 minutes.', redactedMessage: 'Your Krom verification code is ****. It expires in 10 minutes.', messageType: 'verification', provider: 'local' }, limits);
    // Written before redaction existed: the code in clear and nothing else.
    const oldPhone = e164(newPhone());
    await handle.service.db.insert(smsLogs).values({ phoneNumber: oldPhone, message: 'Your Krom verification code is 7314. It expires in 10 minutes.', messageType: 'verification', provider: 'local', status: 'sent' });
    const entries = await smsLog('?limit=200');
    expect(entries.find((entry) => entry.destination === pendingPhone)).toMatchObject({ status: 'pending', text: 'Your Krom verification code is ****. It expires in 10 minutes.' });
    expect(entries.find((entry) => entry.destination === oldPhone)?.text).toBe('Your Krom verification code is ****. It expires in 10 minutes.');
    expect(JSON.stringify(entries)).not.toMatch(/\b(4821|7314)\b/);
    expect(entries.filter((entry) => entry.messageType === 'verification').map((entry) => entry.text)).not.toContainEqual(expect.stringContaining(code));
  });

  it('shows an e-mail’s redacted text while its code is still valid', async () => {
    const address = `ama.${randomUUID().slice(0, 8)}@example.com`;
    await recordEmail(handle.service.db, 'local', { to: address, subject: 'Your Krom password reset code', text: 'Your password reset code is 5150.', redactedText: 'Your password reset code is ****.', messageType: 'verification' }, handle.service.emailSender.limits);
    const entry = (await emailLog()).find((logged) => logged.destination === address);
    expect(entry).toMatchObject({ channel: 'email', subject: 'Your Krom password reset code', text: 'Your password reset code is ****.', status: 'pending', sentAt: null });
  });

  it('pages newest first by time, filters by status, and never splits rows of one instant across pages', async () => {
    // Long ago, so no other test's rows fall in the window.
    const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second));
    const row = (second: number, status: 'sent' | 'failed') => ({ phoneNumber: e164(newPhone()), message: `Message at ${second}`, messageType: 'notification' as const, provider: 'local', status, createdAt: at(second) });
    await handle.service.db.insert(smsLogs).values([row(1, 'sent'), row(2, 'failed'), row(2, 'sent'), row(3, 'sent'), row(4, 'failed')]);
    const window = `before=${at(5).toISOString()}`;
    const texts = (entries: { text: string }[]) => entries.map((entry) => entry.text);

    const first = await smsLog(`?${window}&limit=2`);
    expect(texts(first)).toEqual(['Message at 4', 'Message at 3']);
    // The next two share an instant; a page of two holds both rather than end between them.
    const second = await smsLog(`?before=${first.at(-1)?.createdAt}&limit=2`);
    expect(texts(second).sort()).toEqual(['Message at 2', 'Message at 2']);
    const third = await smsLog(`?before=${second.at(-1)?.createdAt}&limit=2`);
    expect(texts(third)).toEqual(['Message at 1']);

    const cut = await smsLog(`?before=${at(4).toISOString()}&limit=2`);
    expect(texts(cut)).toEqual(['Message at 3']);
    expect(texts(await smsLog(`?${window}&status=failed`))).toEqual(['Message at 4', 'Message at 2']);
    expect((await call('GET', '/staff/messages/sms?status=lost')).statusCode).toBe(400);
    expect((await call('GET', '/staff/messages/sms?limit=500')).statusCode).toBe(400);
    expect((await call('GET', '/staff/messages/email?before=yesterday')).statusCode).toBe(400);
  });
});
