import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import {
  profileUpdateRequestSchema,
  userSchema,
} from '../http/auth.ts';
import { dataExportSchema } from '../http/data-export.ts';
import { okResponseSchema } from '../http/ok.ts';
import { getOwnSettingsRoute, updateOwnNotificationSettingsRoute, updateOwnPrivacySettingsRoute } from '../services/identity/settings.ts';

/** Profile, settings and account deletion of the signed-in user. */
export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/profile',
  caller: 'user',
  summary: 'Changes names, emergency contact and photo (e-mail and phone are ignored)',
  body: profileUpdateRequestSchema,
  responses: { 200: userSchema, ...errorResponses(400, 401, 403) },
});

export const getUserSettings = defineForwarded(getOwnSettingsRoute, { path: '/api/user/settings', summary: 'The notification and privacy toggles as saved' });

export const updateNotificationSettings = defineForwarded(updateOwnNotificationSettingsRoute, {
  path: '/api/user/notifications',
  responses: { ...updateOwnNotificationSettingsRoute.responses, ...errorResponses(403) },
});

export const updatePrivacySettings = defineForwarded(updateOwnPrivacySettingsRoute, {
  path: '/api/user/privacy',
  responses: { ...updateOwnPrivacySettingsRoute.responses, ...errorResponses(403) },
});

export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/user',
  caller: 'user',
  summary: 'Deletes the account, ends every session of it and clears the cookie',
  responses: { 200: okResponseSchema, ...errorResponses(401, 403) },
});

/** The member's data download (privacy notice, Act 843): one JSON file of what Krom keeps about them. */
export const exportData = defineEndpoint({
  method: 'GET',
  path: '/api/user/data-export',
  caller: 'user',
  summary: "Downloads the signed-in member's own data (profile, rides, bookings, payments, reviews, messages) as a JSON file (Content-Disposition: attachment)",
  responses: { 200: dataExportSchema, ...errorResponses(401, 403, 429) },
});
