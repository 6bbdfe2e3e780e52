import { randomInt, randomUUID } from 'node:crypto';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { messageLogSchema, smsTestMessages } from '@krom/contracts/http/staff-messages';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, codeSentTo, dialled, startBff } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['notifications'] });
});
afterAll(() => system?.close());

const newPhone = () => `024${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
const booking = { from: 'Accra', to: 'Kumasi', date: '12 Dec', time: '08:00', driver: 'Kwame', vehicle: 'Toyota Corolla GR-1234-20' };

const staffCalls = (phoneNumber: string) =>
  [
    ['GET', '/api/admin/messages/sms', undefined],
    ['GET', '/api/admin/messages/email', undefined],
    ['POST', '/api/admin/sms-test/send-verification', { phoneNumber }],
    ['POST', '/api/admin/sms-test/verify-code', { phoneNumber, code: '1234' }],
    ['POST', '/api/sms/send-booking-confirmation', { phoneNumber, bookingDetails: booking }],
  ] as const;

async function staffBrowser() {
  const staff = browser(system.bff);
  const login = await staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' });
  expect(login.statusCode).toBe(200);
  return staff;
}

describe('the staff message calls', () => {
  it('answer 401 to anonymous callers and to user sessions, and text nothing', async () => {
    const phone = newPhone();
    const anonymous = browser(system.bff);
    const user = browser(system.bff);
    const sid = await system.bff.sessions.create('user', randomUUID());
    user.adopt({ krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) });
    for (const visitor of [anonymous, user]) {
      for (const [method, url, payload] of staffCalls(phone)) {
        const response = await visitor.call(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toBe('Admin sign-in required');
      }
    }
    const logged = await system.notifications!.db.$client.query('SELECT id FROM sms_logs WHERE phone_number = $1', [dialled(phone)]);
    expect(logged.rows).toEqual([]);
  });

  it('let staff run the three panel steps, then see each text in the log with its status and never the code', async () => {
    const staff = await staffBrowser();
    const phone = newPhone();

    const sent = await staff.post('/api/admin/sms-test/send-verification', { phoneNumber: phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: smsTestMessages.codeSent });
    const code = await codeSentTo(system.outboxDir, phone);

    const wrongTry = await staff.post('/api/admin/sms-test/verify-code', { phoneNumber: phone, code: ((Number(code) + 1) % 10_000).toString().padStart(4, '0') });
    expect(wrongTry.statusCode).toBe(400);
    expect(wrongTry.json().message).toBe(phoneCodeErrors.invalidCode);
    const verified = await staff.post('/api/admin/sms-test/verify-code', { phoneNumber: phone, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: smsTestMessages.verified });

    const confirmation = await staff.post('/api/sms/send-booking-confirmation', { phoneNumber: phone, bookingDetails: booking });
    expect(confirmation.statusCode).toBe(200);
    const { message, smsLogId } = confirmation.json();
    expect(message).toBe(smsTestMessages.bookingSent);

    const entries = await eventually(async () => {
      const log = await staff.get(`/api/admin/messages/sms?limit=20`);
      expect(log.statusCode).toBe(200);
      const mine = messageLogSchema.parse(log.json()).entries.filter((entry) => entry.destination === dialled(phone));
      return mine.length === 2 && mine.every((entry) => entry.status === 'sent') ? mine : undefined;
    });
    expect(entries[0]).toMatchObject({
      id: smsLogId,
      messageType: 'booking_confirmation',
      text: 'Krom e-ticket: Accra to Kumasi, 12 Dec at 08:00. Driver Kwame, Toyota Corolla GR-1234-20.',
    });
    expect(entries[1]).toMatchObject({ messageType: 'verification', text: expect.stringContaining('code is ****.') });
    expect(entries[1]?.text).not.toContain(code);

    const failedOnly = await staff.get('/api/admin/messages/sms?status=failed');
    expect(failedOnly.json().entries.filter((entry: { destination: string }) => entry.destination === dialled(phone))).toEqual([]);
    const emails = await staff.get('/api/admin/messages/email');
    expect(emails.statusCode).toBe(200);
    expect(messageLogSchema.parse(emails.json()).entries).toEqual([]);
  });

  it('refuse a number that is not a Ghana number with the field’s message', async () => {
    const staff = await staffBrowser();
    for (const [method, url, payload] of staffCalls('12345').filter(([method]) => method === 'POST')) {
      const response = await staff.call(method, url, payload);
      expect(response.statusCode, url).toBe(400);
    }
    const unknownStatus = await staff.get('/api/admin/messages/sms?status=lost');
    expect(unknownStatus.statusCode).toBe(400);
  });

  it('are refused for a cross-site write even with a staff session', async () => {
    const staff = await staffBrowser();
    const response = await system.bff.inject({
      method: 'POST',
      url: '/api/sms/send-booking-confirmation',
      payload: { phoneNumber: newPhone(), bookingDetails: booking },
      cookies: staff.cookies(),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});
