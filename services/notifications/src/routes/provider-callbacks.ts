import { inboundSmsProviders, inboundSmsRoutes, smsStatusCallbackRoute, ussdProviders, ussdRoutes } from '@krom/contracts/services/notifications/provider-callbacks';
import { HttpError } from '@krom/server-kit/errors';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { receivedCallback } from '@krom/server-kit/providers';
import type { FastifyInstance } from 'fastify';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { handleInboundSms, type InboundSmsDeps } from '../inbound-sms/handle-inbound-sms.ts';
import type { InboundSmsProviders, SmsProvider } from '../providers/sms/port.ts';
import { recordSmsStatus } from '../sms/record-sms-status.ts';
import { handleUssdStep, sessionInputs, type UssdDeps } from '../ussd/handle-ussd.ts';
import type { UssdGateway } from '../ussd/ussd-providers.ts';

export type ProviderCallbackDeps = {
  db: NotificationsDb;
  provider: SmsProvider;
  clock: () => Date;
  /** The ways texts reach Krom here (chooseInboundSmsProviders), and what handling one needs. */
  inbound: { providers: InboundSmsProviders; deps: InboundSmsDeps };
  /** The USSD gateways in use here (chooseUssdGateways), and what a step needs. */
  ussd: { gateways: Partial<Record<(typeof ussdProviders)[number], UssdGateway>>; deps: UssdDeps };
};

/**
 * Provider callbacks the BFF passes on as they came (its assertion says who forwarded them; the
 * provider's signature, checked here by the provider's own adapter, says who sent them).
 */
export async function providerCallbackRoutes(app: FastifyInstance, { db, provider, clock, inbound, ussd }: ProviderCallbackDeps) {
  routeEndpoint(app, smsStatusCallbackRoute, {
    handler: async (request) => {
      const report = provider.verifyWebhook(receivedCallback(request.body));
      const outcome = await recordSmsStatus(db, provider.name, report, clock());
      request.log.info({ deliveryId: report.deliveryId, outcome }, 'sms status callback');
      return { outcome };
    },
  });
  // A text through a provider not in use here (Twilio's webhook on a local setup, Hubtel without its token) is a 404.
  for (const name of inboundSmsProviders) {
    routeEndpoint(app, inboundSmsRoutes[name], {
      handler: async (request) => {
        const reader = inbound.providers[name];
        if (!reader) throw new HttpError(404, `Texts through ${name} are not taken here`);
        const message = reader.verifyInbound(receivedCallback(request.body));
        const outcome = await handleInboundSms(inbound.deps, reader.name, message);
        request.log.info({ provider: name, providerMessageId: message.providerMessageId, outcome }, 'inbound sms');
        return { outcome };
      },
    });
  }
  for (const name of ussdProviders) {
    routeEndpoint(app, ussdRoutes[name], {
      handler: async (request) => {
        const gateway = ussd.gateways[name];
        if (!gateway) throw new HttpError(404, `USSD through ${name} is not taken here`);
        const step = await gateway.read(receivedCallback(request.body), (sessionId) => sessionInputs(db, name, sessionId));
        const screen = await handleUssdStep(ussd.deps, step);
        request.log.info({ provider: name, sessionId: step.sessionId, step: step.inputs.length, end: screen.end }, 'ussd step');
        return gateway.answer(step, screen);
      },
    });
  }
}
