import { createHmac } from 'node:crypto';
import type { Logger } from '@krom/server-kit/logger';
import type { NotificationsConfig } from '../../config.ts';
import { localSmsProvider } from './local.ts';
import { hubtelInboundSms } from './hubtel-inbound.ts';
import { localInboundSms } from './local-inbound.ts';
import type { InboundSmsProviders, SmsProvider } from './port.ts';
import { twilioInboundSms } from './twilio-signature.ts';
import { africasTalkingUssd, hubtelUssd, localUssd, type UssdGateway } from '../../ussd/ussd-providers.ts';
import { twilioSmsProvider } from './twilio.ts';

/** The local provider's callback token: the configured one, else one every replica derives alike from the internal secret. */
const localCallbackToken = (config: NotificationsConfig) =>
  config.LOCAL_SMS_CALLBACK_TOKEN ?? createHmac('sha256', config.INTERNAL_AUTH_SECRET).update('krom-local-sms-callback').digest('base64url');

/** The local SMS phone's secret: the configured one, else one derived from the internal secret (as `npm start` derives it for the phone). */
export const localSmsPhoneSecret = (config: Pick<NotificationsConfig, 'LOCAL_SMS_PHONE_SECRET' | 'INTERNAL_AUTH_SECRET'>) =>
  config.LOCAL_SMS_PHONE_SECRET ?? createHmac('sha256', config.INTERNAL_AUTH_SECRET).update('krom-local-sms-phone').digest('hex');

/**
 * The ways texts reach Krom here, by provider name: Twilio's webhook with Twilio (checked with its
 * auth token), else the local SMS phone; Hubtel's two-way SMS whenever its callback token is set.
 */
export function chooseInboundSmsProviders(config: NotificationsConfig): InboundSmsProviders {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, HUBTEL_SMS_CALLBACK_TOKEN } = config;
  const hubtel = HUBTEL_SMS_CALLBACK_TOKEN ? { hubtel: hubtelInboundSms(HUBTEL_SMS_CALLBACK_TOKEN) } : {};
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN) return { twilio: twilioInboundSms(TWILIO_AUTH_TOKEN, TWILIO_ACCOUNT_SID), ...hubtel };
  return { local: localInboundSms(localSmsPhoneSecret(config)), ...hubtel };
}

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

/**
 * The USSD gateways taken here: Africa's Talking's and Hubtel's when their callback token is set,
 * and the local simulator (signed with the local SMS phone's secret) while the local SMS phone is in use.
 */
export function chooseUssdGateways(config: NotificationsConfig): Partial<Record<'africastalking' | 'hubtel' | 'local', UssdGateway>> {
  const { USSD_AFRICASTALKING_TOKEN, USSD_HUBTEL_TOKEN, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = config;
  return {
    ...(USSD_AFRICASTALKING_TOKEN ? { africastalking: africasTalkingUssd(USSD_AFRICASTALKING_TOKEN) } : {}),
    ...(USSD_HUBTEL_TOKEN ? { hubtel: hubtelUssd(USSD_HUBTEL_TOKEN) } : {}),
    ...(TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN ? {} : { local: localUssd(localSmsPhoneSecret(config)) }),
  };
}
