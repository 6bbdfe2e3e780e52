import { mobileMoneyCallback, twilioSmsStatusCallback } from '@krom/contracts/api/provider-callbacks';
import { smsStatusCallbackRoute } from '@krom/contracts/services/notifications/provider-callbacks';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import type { FastifyInstance } from 'fastify';
import { malformedTwilioStatusReport, providerCallback } from '../plugins/provider-callbacks.ts';
import type { ServiceDirectory } from '../plugins/service-calls.ts';

/**
 * Providers' callbacks (see src/plugins/provider-callbacks.ts). Twilio's message status reports
 * go to notifications, whose SMS provider checks X-Twilio-Signature; Twilio reads only the status
 * of the answer, so it gets an empty 200. The mobile money gateway's callbacks go to payments,
 * whichever gateway it uses (its adapter checks the signature, or the token in the URL of a
 * gateway that signs nothing); gateways read only the status too.
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
}
