import { phoneCodeRules } from '@krom/contracts/http/phone-codes';
import type { Logger } from '@krom/server-kit/logger';
import type { NotificationsConfig } from '../config.ts';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { EmailSender } from '../email/queue-email.ts';
import type { SmsSender } from '../sms/queue-sms.ts';

/** The rules codes follow: the spec's (4 digits, 3 tries) and Krom's (validity, cooldown, caps). */
export type CodeSettings = {
  validMinutes: number;
  maxAttempts: number;
  resendSeconds: number;
  hourlyCapPerSubject: number;
  dailyCapPerSubject: number;
  hourlyCapPerClient: number;
};

export function codeSettingsFrom(config: NotificationsConfig): CodeSettings {
  return {
    validMinutes: phoneCodeRules.validMinutes,
    maxAttempts: phoneCodeRules.maxAttempts,
    resendSeconds: config.PHONE_CODE_RESEND_SECONDS,
    hourlyCapPerSubject: config.PHONE_CODE_HOURLY_CAP_PER_SUBJECT,
    dailyCapPerSubject: config.PHONE_CODE_DAILY_CAP_PER_SUBJECT,
    hourlyCapPerClient: config.PHONE_CODE_HOURLY_CAP_PER_CLIENT,
  };
}

/** What issuing and checking codes run on. `clock` and `generateCode` are replaceable in tests. */
export type CodeDeps = {
  db: NotificationsDb;
  sms: SmsSender;
  email: EmailSender;
  /** HMAC key for code hashes (codeHashKey). */
  hashKey: Buffer;
  settings: CodeSettings;
  clock: () => Date;
  generateCode: () => string;
  logger: Logger;
};
