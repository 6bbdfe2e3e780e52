import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import {
  profileUpdateRequestSchema,
  userSchema,
} from '../http/auth.ts';
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
