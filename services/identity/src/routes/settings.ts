import { identityServiceRoutes, notificationSettingsUpdateSchema, privacySettingsUpdateSchema } from '@krom/contracts/http/auth';
import { requireUser } from '@krom/server-kit/internal-auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import type { IdentityDb } from '../db/identity-db.ts';
import { readSettings, saveSettings } from '../settings/user-settings.ts';

/** The asserted user's notification and privacy toggles. */
export async function settingsRoutes(app: FastifyInstance, { db }: { db: IdentityDb }) {
  app.get(identityServiceRoutes.settings, async (request) => readSettings(db, requireUser(request)));

  app.put(identityServiceRoutes.notificationSettings, async (request) => {
    const userId = requireUser(request);
    return saveSettings(db, userId, parseWith(notificationSettingsUpdateSchema, request.body));
  });

  app.put(identityServiceRoutes.privacySettings, async (request) => {
    const userId = requireUser(request);
    return saveSettings(db, userId, parseWith(privacySettingsUpdateSchema, request.body));
  });
}
