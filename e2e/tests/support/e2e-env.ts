import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
export const e2eDir = join(repoRoot, 'var/e2e');
export const e2eOutboxDir = join(e2eDir, 'outbox');
export const e2eAdmin = { username: 'e2e.founder', password: 'e2e-founder-pass' };
/**
 * PHONE_CODE_RESEND_SECONDS of the e2e system (the product's is 150 s, the spec's 02:30): short,
 * as the sign-up test waits it out in real time before Send Again.
 */
export const e2eResendSeconds = 5;
/**
 * What the e2e system sets short so a trip's money moves while a test watches (the product's in
 * brackets): SWEEP_INTERVAL_SECONDS, how often rides' and payments' sweeps run (60 s);
 * RIDE_COMPLETION_GRACE_MINUTES, how long after its planned end a ride is completed (2 hours);
 * PAYOUT_DELAY_SECONDS, the disputes window before a completed booking's payout (24 hours).
 */
export const e2eMoneyTimings = { SWEEP_INTERVAL_SECONDS: '3', RIDE_COMPLETION_GRACE_MINUTES: '0', PAYOUT_DELAY_SECONDS: '10' } as const;

export type OutboxSms = { to: string; body: string };

/** The lines of one of the local providers' outbox files (sms.jsonl, email.jsonl), oldest first. */
export function readOutbox<T>(name: string): T[] {
  const file = join(e2eOutboxDir, name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** Text messages the local SMS provider delivered during this run. */
export const deliveredSms = () => readOutbox<OutboxSms>('sms.jsonl');

/** A fresh Ghana mobile number (024 prefix) and e-mail for one test. */
let visitors = 0;
export function uniqueVisitor(label: string) {
  visitors += 1;
  const digits = String((Date.now() + visitors * 7919) % 10_000_000).padStart(7, '0');
  return { first: 'Abena', last: label, email: `abena.${label.toLowerCase()}.${digits}@example.com`, phone: `024${digits}` };
}
