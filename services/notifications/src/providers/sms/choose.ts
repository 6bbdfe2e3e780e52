import { createHmac } from 'node:crypto';
import type { Logger } from '@krom/server-kit/logger';
import type { NotificationsConfig } from '../../config.ts';
import { localSmsProvider } from './local.ts';
import type { SmsProvider } from './port.ts';
import { twilioSmsProvider } from './twilio.ts';

/** The local provider's callback token: the configured one, else one every replica derives alike from the internal secret. */
const localCallbackToken = (config: NotificationsConfig) =>
  config.LOCAL_SMS_CALLBACK_TOKEN ?? createHmac('sha256', config.INTERNAL_AUTH_SECRET).update('krom-local-sms-callback').digest('base64url');

/** Twilio when its three settings are present (config refuses a partial set), the local outbox otherwise. */
export function chooseSmsProvider(config: NotificationsConfig, logger?: Logger): SmsProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = config;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM_NUMBER) {
    return twilioSmsProvider({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: TWILIO_FROM_NUMBER,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
      statusCallbackUrl: config.SMS_STATUS_CALLBACK_URL,
    });
  }
  return localSmsProvider({
    outboxDir: config.LOCAL_OUTBOX_DIR,
    statusCallbackUrl: config.SMS_STATUS_CALLBACK_URL,
    callbackToken: localCallbackToken(config),
    outboxLease: { leaseMs: config.MESSAGE_CLAIM_LEASE_SECONDS * 1000 },
    onCallbackFailure: (reason) => logger?.warn({ reason }, 'local SMS delivery report not handed over'),
  });
}
