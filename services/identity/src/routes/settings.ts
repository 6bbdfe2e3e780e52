import {
  getOwnSettingsRoute,
  updateOwnNotificationSettingsRoute,
  updateOwnPrivacySettingsRoute,
} from '@krom/contracts/services/identity/settings';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { IdentityDb } from '../db/identity-db.ts';
import { readSettings, saveSettings } from '../settings/user-settings.ts';

/** The asserted user's notification and privacy toggles. */
export async function settingsRoutes(app: FastifyInstance, { db }: { db: IdentityDb }) {
  routeEndpoint(app, getOwnSettingsRoute, { handler: async (request) => readSettings(db, requireUser(request)) });

  routeEndpoint(app, updateOwnNotificationSettingsRoute, {
    handler: async (request) => saveSettings(db, requireUser(request), request.body),
  });

  routeEndpoint(app, updateOwnPrivacySettingsRoute, {
    handler: async (request) => saveSettings(db, requireUser(request), request.body),
  });
}
