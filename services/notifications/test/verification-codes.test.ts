import { createHash, randomInt, randomUUID } from 'node:crypto';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import type { Caller } from '@krom/server-kit/internal-auth';
import { eventually } from '@krom/server-kit/testing';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashCode } from '../src/codes/code-hash.ts';
import { emailLogs, smsLogs, verificationCodes } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { assertionFor, useNotificationsService, e164, newPhone } from './notifications-test-env.ts';

// The service's clock stands still and is moved forward by tests instead of waiting (codes live
// 10 minutes): the seconds left that an answer reports are exact, however slow the machine.
let now = Date.now();
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const handle = useNotificationsService({
  clock: () => new Date(now),
  env: () => ({ PHONE_CODE_RESEND_SECONDS: '150', PHONE_CODE_HOURLY_CAP_PER_SUBJECT: '5', PHONE_CODE_HOURLY_CAP_PER_CLIENT: '20' }),
});

const newClient = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const call = async (url: string, payload: object, caller: Caller = { kind: 'public' }) =>
  handle.service.app.inject({ method: 'POST', url, payload, headers: await assertionFor(handle.config, caller) });

const issueSignup = (phone: string, clientKey = newClient()) =>
  call('/verification-codes', { purpose: 'signup', subject: phone, destination: { channel: 'sms', phone }, clientKey });
const verify = (subject: string, code: string, purpose = 'signup') => call('/verification-codes/verify', { purpose, subject, code });

/** The codes the phone received, oldest first, as the person would read them. */
const codesSentTo = async (phone: string) =>
  (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((sms) => sms.to === e164(phone)).map((sms) => /code is (\d{4})\./.exec(sms.body)?.[1] ?? sms.body);

const nthCodeSentTo = (phone: string, n: number) =>
  eventually(async () => {
    const codes = await codesSentTo(phone);
    return codes.length >= n ? codes[n - 1] : undefined;
  });

const wrong = (code: string) => ((Number(code) + 1) % 10_000).toString().padStart(4, '0');

const codeRows = (phone: string) =>
  handle.service.db.select().from(verificationCodes).where(eq(verificationCodes.subject, phone)).orderBy(desc(verificationCodes.createdAt));

describe('issuing a sign-up code', () => {
  it('texts a four-digit code to the number and says when another may be asked for', async () => {
    const phone = newPhone();
    const response = await issueSignup(phone);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ resendAfterSeconds: 150 });

    const code = await nthCodeSentTo(phone, 1);
    expect(code).toMatch(/^\d{4}$/);
    const [sms] = (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.to === e164(phone));
    expect(sms?.body).toBe(`Your Krom verification code is ${code}. It expires in 10 minutes.`);
  });

  it('logs the SMS as a sent verification message, without the code once delivered', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);
    const row = await eventually(async () => {
      const [sms] = await handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, e164(phone)));
      return sms?.status === 'sent' ? sms : undefined;
    });
    expect(row).toMatchObject({ messageType: 'verification', provider: 'local', redactedMessage: null });
    expect(row.message).toBe('Your Krom verification code is ****. It expires in 10 minutes.');
    expect(row.message).not.toContain(code);
  });

  it('stores only a keyed hash of the code, never the code', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);
    const [row] = await codeRows(phone);
    expect(row).toBeDefined();
    expect(Object.values(row!)).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Neither a plain nor a salted hash that anyone holding the table could recompute.
    expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row!.codeHash).not.toBe(createHash('sha256').update(`${row!.salt}:${code}`).digest('hex'));
    expect(row!.codeHash).toBe(hashCode(handle.service.codes.hashKey, row!.salt, code));
    expect(row).toMatchObject({ purpose: 'signup', channel: 'sms', destination: e164(phone), attempts: 0, maxAttempts: 3 });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('refuses a request without a valid internal assertion', async () => {
    const phone = newPhone();
    const payload = { purpose: 'signup', subject: phone, destination: { channel: 'sms', phone }, clientKey: '10.0.0.1' };
    const none = await handle.service.app.inject({ method: 'POST', url: '/verification-codes', payload });
    const forged = await handle.service.app.inject({ method: 'POST', url: '/verification-codes', payload, headers: { 'x-krom-assertion': 'not.a.token' } });
    expect(none.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
    expect(await codeRows(phone)).toHaveLength(0);
  });

  it('refuses a number no one can dial and a request it does not understand with a 400, sending nothing', async () => {
    const undialable = await call('/verification-codes', { purpose: 'signup', subject: '0901234567', destination: { channel: 'sms', phone: '0901234567' }, clientKey: newClient() });
    expect(undialable.statusCode).toBe(400);
    expect(undialable.json().message).toBe('Not a valid Ghana phone number: 0901234567');
    expect(await codeRows('0901234567')).toHaveLength(0);

    const phone = newPhone();
    const unknownPurpose = await call('/verification-codes', { purpose: 'login', subject: phone, destination: { channel: 'sms', phone }, clientKey: newClient() });
    expect(unknownPurpose.statusCode).toBe(400);
    expect(await codeRows(phone)).toHaveLength(0);
  });
});

describe('checking a code', () => {
  it('accepts the right code once: it cannot be used again', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);

    const first = await verify(phone, code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ verified: true });

    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(phoneCodeErrors.invalidCode);
    expect((await codeRows(phone))[0]?.verifiedAt).toBeInstanceOf(Date);
  });

  it('kills the code at the third wrong try: even the right code is refused after it, until a new one is sent', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);

    const tries = [await verify(phone, wrong(code)), await verify(phone, wrong(code)), await verify(phone, '12')];
    expect(tries.map((r) => [r.statusCode, r.json().message])).toEqual([
      [400, phoneCodeErrors.invalidCode],
      [400, phoneCodeErrors.invalidCode],
      [400, phoneCodeErrors.tooManyTries],
    ]);
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(phoneCodeErrors.tooManyTries);
    expect((await codeRows(phone))[0]).toMatchObject({ attempts: 3, verifiedAt: null });

    advance(150);
    expect((await issueSignup(phone)).statusCode).toBe(201);
    const fresh = await nthCodeSentTo(phone, 2);
    expect((await verify(phone, fresh)).statusCode).toBe(200);
  });

  it('counts wrong tries made at the same moment one by one', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);
    const answers = await Promise.all([1, 2, 3, 4].map(() => verify(phone, wrong(code))));
    expect(answers.map((r) => r.json().message).sort()).toEqual(
      [phoneCodeErrors.invalidCode, phoneCodeErrors.invalidCode, phoneCodeErrors.tooManyTries, phoneCodeErrors.tooManyTries].sort(),
    );
    expect((await verify(phone, code)).json().message).toBe(phoneCodeErrors.tooManyTries);
  });

  it('accepts a code until ten minutes have passed, and refuses it as expired after', async () => {
    const early = newPhone();
    const late = newPhone();
    await issueSignup(early);
    await issueSignup(late);
    const earlyCode = await nthCodeSentTo(early, 1);
    const lateCode = await nthCodeSentTo(late, 1);

    advance(9 * 60 + 55);
    expect((await verify(early, earlyCode)).statusCode).toBe(200);
    advance(6);
    const expired = await verify(late, lateCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(phoneCodeErrors.expired);
  });

  it('refuses a code for a number that was never sent one', async () => {
    const response = await verify(newPhone(), '1234');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(phoneCodeErrors.invalidCode);
  });

  it('makes a new code replace the earlier one', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const first = await nthCodeSentTo(phone, 1);
    let second = first;
    // Two draws of four digits agree once in 10 000: draw again (after the cooldown) until they differ.
    for (let n = 2; second === first; n++) {
      advance(150);
      expect((await issueSignup(phone)).statusCode).toBe(201);
      second = await nthCodeSentTo(phone, n);
    }
    const old = await verify(phone, first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(phoneCodeErrors.invalidCode);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it('keeps sign-up and reset codes apart', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    const code = await nthCodeSentTo(phone, 1);
    expect((await verify(phone, code, 'reset')).statusCode).toBe(400);
    expect((await verify(phone, code, 'signup')).statusCode).toBe(200);
  });
});

describe('limits on sending', () => {
  it('refuses another code inside the resend cooldown with 429 and the seconds left, sending nothing', async () => {
    const phone = newPhone();
    await issueSignup(phone);
    advance(40);
    const refused = await issueSignup(phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: phoneCodeErrors.cooldown(110), resendAfterSeconds: 110 });
    expect(refused.json().message).toBe('Please wait 110 seconds before requesting another code.');
    expect(refused.headers['retry-after']).toBe('110');
    expect(await codeRows(phone)).toHaveLength(1);

    advance(110);
    expect((await issueSignup(phone)).statusCode).toBe(201);
    expect(await nthCodeSentTo(phone, 2)).toMatch(/^\d{4}$/);
    expect(await codesSentTo(phone)).toHaveLength(2);
  });

  it('tells a caller with a valid assertion the cooldown it then enforces', async () => {
    const policy = await handle.service.app.inject({ method: 'GET', url: '/verification-codes/policy', headers: await assertionFor(handle.config, { kind: 'public' }) });
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual({ resendAfterSeconds: 150 });
    const phone = newPhone();
    await issueSignup(phone);
    expect((await issueSignup(phone)).json().resendAfterSeconds).toBe(policy.json().resendAfterSeconds);

    const anonymous = await handle.service.app.inject({ method: 'GET', url: '/verification-codes/policy' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only one of two simultaneous requests for a number through', async () => {
    const phone = newPhone();
    const answers = await Promise.all([issueSignup(phone), issueSignup(phone)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 429]);
    expect(await codeRows(phone)).toHaveLength(1);
  });

  it('sends at most PHONE_CODE_HOURLY_CAP_PER_SUBJECT codes an hour to one number', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await issueSignup(phone)).statusCode).toBe(201);
      advance(150);
    }
    const refused = await issueSignup(phone);
    expect(refused.statusCode).toBe(429);
    // The first of the five leaves the hour's window 3600 s after it was sent; 750 s have passed.
    expect(refused.json()).toEqual({ message: phoneCodeErrors.hourlyCap, resendAfterSeconds: 3600 - 750 });
    expect(await codeRows(phone)).toHaveLength(5);

    advance(3600 - 750);
    expect((await issueSignup(phone)).statusCode).toBe(201);
  });

  it('sends at most PHONE_CODE_HOURLY_CAP_PER_CLIENT codes an hour for one client, whatever the numbers', async () => {
    const client = newClient();
    for (let i = 0; i < 20; i++) expect((await issueSignup(newPhone(), client)).statusCode).toBe(201);
    const phone = newPhone();
    const refused = await issueSignup(phone, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(phoneCodeErrors.hourlyCap);
    expect(await codeRows(phone)).toHaveLength(0);
    expect((await issueSignup(phone, newClient())).statusCode).toBe(201);
  });
});

describe('password reset codes', () => {
  const issueReset = (userId: string, destination: object) => call('/verification-codes', { purpose: 'reset', subject: userId, destination, clientKey: newClient() });

  it('e-mails the code to the account, logs it under the account and checks it by account id', async () => {
    const userId = randomUUID();
    const email = `Kofi.${userId.slice(0, 8)}@Example.com`;
    expect((await issueReset(userId, { channel: 'email', email })).statusCode).toBe(201);

    const mail = await eventually(async () => (await readLocalEmailOutbox(handle.config.LOCAL_OUTBOX_DIR)).find((m) => m.to === email.toLowerCase()));
    expect(mail.subject).toBe('Your Krom password reset code');
    const code = /reset code is (\d{4})\./.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.text).toContain('It expires in 10 minutes.');

    const logged = await eventually(async () => {
      const [row] = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.userId, userId));
      return row?.status === 'sent' ? row : undefined;
    });
    expect(logged).toMatchObject({ email: email.toLowerCase(), messageType: 'verification', subject: 'Your Krom password reset code' });
    expect(logged.text).not.toContain(code);

    expect((await verify(userId, code!, 'signup')).statusCode).toBe(400);
    expect((await verify(userId, code!, 'reset')).statusCode).toBe(200);
  });

  it('texts the reset wording and logs the SMS under the account', async () => {
    const userId = randomUUID();
    const phone = newPhone();
    expect((await issueReset(userId, { channel: 'sms', phone })).statusCode).toBe(201);
    const sms = await eventually(async () => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).find((m) => m.to === e164(phone)));
    expect(sms.body).toMatch(/^Your Krom password reset code is \d{4}\. It expires in 10 minutes\./);
    const [row] = await handle.service.db
      .select()
      .from(smsLogs)
      .where(and(eq(smsLogs.userId, userId), eq(smsLogs.messageType, 'verification')));
    expect(row?.phoneNumber).toBe(e164(phone));
  });
});
