import { smsStatusCallbackRoute } from '@krom/contracts/services/notifications/provider-callbacks';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { receivedCallback } from '@krom/server-kit/providers';
import type { FastifyInstance } from 'fastify';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { SmsProvider } from '../providers/sms/port.ts';
import { recordSmsStatus } from '../sms/record-sms-status.ts';

export type ProviderCallbackDeps = { db: NotificationsDb; provider: SmsProvider; clock: () => Date };

/**
 * Provider callbacks the BFF passes on as they came (its assertion says who forwarded them; the
 * provider's signature, checked here by the provider's own adapter, says who sent them).
 */
export async function providerCallbackRoutes(app: FastifyInstance, { db, provider, clock }: ProviderCallbackDeps) {
  routeEndpoint(app, smsStatusCallbackRoute, {
    handler: async (request) => {
      const report = provider.verifyWebhook(receivedCallback(request.body));
      const outcome = await recordSmsStatus(db, provider.name, report, clock());
      request.log.info({ deliveryId: report.deliveryId, outcome }, 'sms status callback');
      return { outcome };
    },
  });
}
