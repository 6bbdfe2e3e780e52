import {
  africasTalkingUssdCallback,
  hubtelInboundSmsCallback,
  hubtelUssdCallback,
  localInboundSmsCallback,
  localUssdCallback,
  mobileMoneyCallback,
  twilioInboundSmsCallback,
  twilioSmsStatusCallback,
} from '@krom/contracts/api/provider-callbacks';
import { inboundSmsRoutes, smsStatusCallbackRoute, ussdRoutes } from '@krom/contracts/services/notifications/provider-callbacks';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import type { FastifyInstance } from 'fastify';
import { malformedTwilioIncomingMessage, malformedTwilioStatusReport, providerCallback } from '../plugins/provider-callbacks.ts';
import type { ServiceDirectory } from '../plugins/service-calls.ts';

/**
 * Providers' callbacks (see src/plugins/provider-callbacks.ts). Twilio's message status reports
 * go to notifications, whose SMS provider checks X-Twilio-Signature; Twilio reads only the status
 * of the answer, so it gets an empty 200. The mobile money gateway's callbacks go to payments,
 * whichever gateway it uses (its adapter checks the signature, or the token in the URL of a
 * gateway that signs nothing); gateways read only the status too. Texts to Krom go to
 * notifications through each provider's own URL: Twilio's signed webhook (answered with an empty
 * TwiML document, since replies go out through the SMS queue), Hubtel's two-way SMS (a token in
 * the URL it was given) and the local SMS phone (signed with the shared local secret). USSD steps
 * go to notifications the same ways (Africa's Talking and Hubtel: a token in the URL; the local
 * simulator: signed), and the gateway is given notifications' answer, the next screen.
 */
export async function providerCallbackRoutes(app: FastifyInstance, { directory, publicOrigin }: { directory: ServiceDirectory; publicOrigin: string }) {
  await providerCallback(app, directory, publicOrigin, {
    endpoint: twilioSmsStatusCallback,
    service: 'notifications',
    to: smsStatusCallbackRoute,
    signatureHeader: 'x-twilio-signature',
    accepted: { contentType: 'text/plain; charset=utf-8', body: '' },
    malformed: malformedTwilioStatusReport,
  });
  await providerCallback(app, directory, publicOrigin, {
    endpoint: mobileMoneyCallback,
    service: 'payments',
    to: mobileMoneyCallbackRoute,
    // Paystack and the local gateway sign; Hubtel's callbacks carry a token in their URL instead.
    signatureHeader: ['x-paystack-signature', 'x-local-momo-signature'],
    urlTokenParameter: 'token',
    accepted: { contentType: 'text/plain; charset=utf-8', body: '' },
  });
  await providerCallback(app, directory, publicOrigin, {
    endpoint: twilioInboundSmsCallback,
    service: 'notifications',
    to: inboundSmsRoutes.twilio,
    signatureHeader: 'x-twilio-signature',
    accepted: { contentType: 'text/xml; charset=utf-8', body: EMPTY_TWIML },
    malformed: malformedTwilioIncomingMessage,
  });
  await providerCallback(app, directory, publicOrigin, {
    endpoint: hubtelInboundSmsCallback,
    service: 'notifications',
    to: inboundSmsRoutes.hubtel,
    signatureHeader: [],
    urlTokenParameter: 'token',
    accepted: { contentType: 'text/plain; charset=utf-8', body: '' },
  });
  await providerCallback(app, directory, publicOrigin, {
    endpoint: localInboundSmsCallback,
    service: 'notifications',
    to: inboundSmsRoutes.local,
    signatureHeader: 'x-local-sms-signature',
    accepted: { contentType: 'text/plain; charset=utf-8', body: '' },
  });
  for (const [endpoint, to] of [
    [africasTalkingUssdCallback, ussdRoutes.africastalking],
    [hubtelUssdCallback, ussdRoutes.hubtel],
  ] as const) {
    await providerCallback(app, directory, publicOrigin, { endpoint, service: 'notifications', to, signatureHeader: [], urlTokenParameter: 'token', accepted: 'service' });
  }
  await providerCallback(app, directory, publicOrigin, {
    endpoint: localUssdCallback,
    service: 'notifications',
    to: ussdRoutes.local,
    signatureHeader: 'x-local-sms-signature',
    accepted: 'service',
  });
}

/** Twilio's answer to a text that needs no reply in the answer itself (Krom's reply is sent through the SMS queue). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
