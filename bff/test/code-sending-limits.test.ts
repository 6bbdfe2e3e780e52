import { randomInt } from 'node:crypto';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { issueCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, type Browser, browser, codeSentTo, newPerson, settledMessagesTo, signedUp, startBff, testClock, watchServiceCalls } from './bff-test-env.ts';

/**
 * The public calls that send a code (sign-up's Send Again, recovery's forgot-password and resend,
 * by SMS and by e-mail) cannot be used to pump messages: the notifications service's cooldown and
 * hourly caps hold whoever asks and from wherever. The BFF's own per-minute limit is lifted here
 * so that only those code limits are what a caller meets.
 */
const RESEND_SECONDS = 30;
const CAP_PER_SUBJECT = 3;
const CAP_PER_CLIENT = 4;

// The notifications service's clock stands still unless a test moves it past a cooldown.
const clock = testClock();
let system: BffSystem;
let codeRequests: ReturnType<typeof watchServiceCalls>;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    notificationsEnv: {
      PHONE_CODE_RESEND_SECONDS: String(RESEND_SECONDS),
      PHONE_CODE_HOURLY_CAP_PER_SUBJECT: String(CAP_PER_SUBJECT),
      PHONE_CODE_HOURLY_CAP_PER_CLIENT: String(CAP_PER_CLIENT),
    },
    notificationsClock: clock.now,
  });
  codeRequests = watchServiceCalls(system.config.NOTIFICATIONS_URL, issueCodeRoute.path);
});
afterAll(async () => {
  codeRequests?.stop();
  await system?.close();
});

let clients = 0;
/** A browser from an address no other test uses. */
const visitor = () => browser(system.bff, `10.9.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`);
const newPhone = () => `054${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
const pastCooldown = () => clock.advance(RESEND_SECONDS * 1000);

const sendSignupCode = (b: Browser, phoneNumber: string) => b.post('/api/sms/send-verification', { phoneNumber });
const forgotPassword = (b: Browser, method: 'email' | 'sms', person: { email: string; phone: string }) =>
  b.post('/api/auth/forgot-password', method === 'email' ? { method, email: person.email } : { method, phone: person.phone });

/**
 * Recovery answers first and asks for its code in the background: runs `work`, which makes the
 * BFF ask for `count` codes, and waits until the notifications service has answered them all.
 */
async function askingForCodes<T>(count: number, work: () => Promise<T>): Promise<T> {
  const before = codeRequests.answered();
  const result = await work();
  await codeRequests.until(before + count);
  return result;
}

/** Every message a person got, by SMS and by e-mail, once none is still on its way. */
const settledMessagesToPerson = async (person: { email: string; phone: string }) =>
  (await settledMessagesTo(system, person.email)) + (await settledMessagesTo(system, person.phone));

describe('sign-up codes (SMS)', () => {
  it('text a number once inside the cooldown, however many clients ask for it', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await sendSignupCode(visitor(), phone)).statusCode);
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    expect(await settledMessagesTo(system, phone)).toBe(1);
  });

  it(`text a number at most ${CAP_PER_SUBJECT} times an hour, even from a new client each time`, async () => {
    const phone = newPhone();
    for (let i = 0; i < CAP_PER_SUBJECT; i++) {
      expect((await sendSignupCode(visitor(), phone)).statusCode).toBe(200);
      pastCooldown();
    }
    const refused = await sendSignupCode(visitor(), phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(phoneCodeErrors.hourlyCap);
    // The hour counts from the first code, sent that many cooldowns ago.
    expect(refused.json().resendAfterSeconds).toBe(3600 - CAP_PER_SUBJECT * RESEND_SECONDS);
    expect(await settledMessagesTo(system, phone)).toBe(CAP_PER_SUBJECT);
  });

  it(`send at most ${CAP_PER_CLIENT} codes an hour for one client, whatever the numbers`, async () => {
    const b = visitor();
    for (let i = 0; i < CAP_PER_CLIENT; i++) expect((await sendSignupCode(b, newPhone())).statusCode).toBe(200);
    const phone = newPhone();
    const refused = await sendSignupCode(b, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(phoneCodeErrors.hourlyCap);
    expect(await settledMessagesTo(system, phone)).toBe(0);
    // Someone else may still ask for that number.
    expect((await sendSignupCode(visitor(), phone)).statusCode).toBe(200);
  });
});

describe('recovery codes (SMS and e-mail)', () => {
  it('reach an account once inside the cooldown, by whichever method and from whichever client, with the same answer each time', async () => {
    const person = await signedUp(system.bff, visitor());
    const answers = await askingForCodes(6, async () => {
      const given = [];
      for (const method of ['sms', 'email', 'sms', 'email'] as const) given.push(await forgotPassword(visitor(), method, person));
      // Resend Code in the browser that started it.
      const b = visitor();
      given.push(await forgotPassword(b, 'email', person));
      given.push(await b.post('/api/auth/resend-reset-code', { method: 'email' }));
      return given;
    });

    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.json().resendAfterSeconds))).toEqual(new Set([RESEND_SECONDS]));
    expect(await settledMessagesToPerson(person)).toBe(1);
  });

  it(`reach an account at most ${CAP_PER_SUBJECT} times an hour, SMS and e-mail together`, async () => {
    const person = await signedUp(system.bff, visitor());
    const methods = ['sms', 'email', 'sms', 'email', 'sms'] as const;
    for (const method of methods) {
      const answer = await askingForCodes(1, () => forgotPassword(visitor(), method, person));
      expect(answer.statusCode).toBe(200);
      pastCooldown();
    }
    expect(await settledMessagesToPerson(person)).toBe(CAP_PER_SUBJECT);
  });

  it(`send at most ${CAP_PER_CLIENT} codes an hour for one client, whatever the accounts, and answer the same past the cap`, async () => {
    const people: Awaited<ReturnType<typeof signedUp>>[] = [];
    for (let i = 0; i <= CAP_PER_CLIENT; i++) people.push(await signedUp(system.bff, visitor()));
    const b = visitor();
    const answers = await askingForCodes(people.length, async () => {
      const given = [];
      for (const [i, person] of people.entries()) given.push(await forgotPassword(b, i % 2 === 0 ? 'email' : 'sms', person));
      return given;
    });
    // Answers of one method are identical, past the cap as before it.
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[index % 2]?.json());
    }
    // The codes are asked for in the background, so which account misses out is not fixed: count them all.
    const received = [];
    for (const person of people) received.push(await settledMessagesToPerson(person));
    expect(received.reduce((a, b) => a + b, 0)).toBe(CAP_PER_CLIENT);
    expect(received.filter((n) => n === 0)).toHaveLength(1);
    // The account's owner, from their own client, still gets a code.
    const left = people[received.indexOf(0)]!;
    await forgotPassword(visitor(), 'email', left);
    expect(await codeSentTo(system.outboxDir, left.email)).toMatch(/^\d{4}$/);
  });
});

describe('one phone number', () => {
  it(`gets at most ${CAP_PER_SUBJECT} codes an hour, sign-up and recovery codes together`, async () => {
    // Sign-up codes keyed by the number (sent before the account exists: a taken number is refused
    // one) and recovery codes keyed by the account both go to this phone.
    const newcomer = newPerson();
    for (let i = 0; i < 2; i++) {
      expect((await sendSignupCode(visitor(), newcomer.phone)).statusCode).toBe(200);
      pastCooldown();
    }
    const person = await signedUp(system.bff, visitor(), newcomer);
    for (let i = 0; i < 2; i++) {
      expect((await askingForCodes(1, () => forgotPassword(visitor(), 'sms', person))).statusCode).toBe(200);
      pastCooldown();
    }
    expect(await settledMessagesToPerson(person)).toBe(CAP_PER_SUBJECT);
    // Past the cooldown again, recovery still answers as always (it reveals nothing), but sends nothing.
    expect((await askingForCodes(1, () => forgotPassword(visitor(), 'sms', person))).statusCode).toBe(200);
    expect(await settledMessagesToPerson(person)).toBe(CAP_PER_SUBJECT);
  });
});
