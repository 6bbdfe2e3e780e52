import { expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { deliveredSms, readOutbox, uniqueVisitor } from './e2e-env.ts';

export type EmailMessage = { to: string; subject: string; text: string };

/** E-mails the local e-mail provider delivered during this run. */
export const deliveredEmails = () => readOutbox<EmailMessage>('email.jsonl');

const codeIn = (text: string) => /\b(\d{4})\b/.exec(text)?.[1];

/** The newest 4-digit code in the texts of `messages()` after the first `since`, once one has arrived. */
async function newestCode(messages: () => string[], since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = messages()
          .slice(since)
          .map(codeIn)
          .filter(Boolean)
          .at(-1);
        return code;
      },
    )
    .toBeTruthy();
  return code!;
}

const smsTexts = (phone: string) => () =>
  deliveredSms()
    .filter((sms) => sms.to === `+233${phone.slice(1)}`)
    .map((sms) => sms.body);
const emailTexts = (email: string) => () =>
  deliveredEmails()
    .filter((m) => m.to === email)
    .map((m) => `${m.subject} ${m.text}`);

/** The newest 4-digit code texted to a local number, once it has arrived after `since` messages. */
export const smsCode = (phone: string, since = 0) => newestCode(smsTexts(phone), since);
/** The newest 4-digit code e-mailed to `email` after `since` messages. */
export const emailCode = (email: string, since = 0) => newestCode(emailTexts(email), since);

export const smsCount = (phone: string) => smsTexts(phone)().length;
export const emailCount = (email: string) => emailTexts(email)().length;

export type Account = ReturnType<typeof uniqueVisitor> & { password: string };

/**
 * A new, signed-in account made through the public API in the page's own cookie jar, for tests
 * whose subject is not sign-up itself (that one goes through the screens).
 */
export async function signUpThroughApi(page: Page, label: string): Promise<Account> {
  const account = { ...uniqueVisitor(label), password: 'Akwaaba-2026' };
  const headers = { origin: baseURL };
  const before = smsCount(account.phone);
  expect((await page.request.post('/api/sms/send-verification', { headers, data: { phoneNumber: account.phone } })).ok()).toBe(true);
  const code = await smsCode(account.phone, before);
  expect((await page.request.post('/api/sms/verify-code', { headers, data: { phoneNumber: account.phone, verificationCode: code } })).ok()).toBe(true);
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { firstName: account.first, lastName: account.last, email: account.email, phone: account.phone, password: account.password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return account;
}
