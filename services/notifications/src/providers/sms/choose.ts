import type { NotificationsConfig } from '../../config.ts';
import { localSmsProvider } from './local.ts';
import type { SmsProvider } from './port.ts';
import { twilioSmsProvider } from './twilio.ts';

/** Twilio when its three settings are present (config refuses a partial set), the local outbox otherwise. */
export function chooseSmsProvider(config: NotificationsConfig): SmsProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = config;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM_NUMBER) {
    return twilioSmsProvider({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: TWILIO_FROM_NUMBER,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
    });
  }
  return localSmsProvider(config.LOCAL_OUTBOX_DIR);
}
