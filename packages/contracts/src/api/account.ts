import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  notificationSettingsUpdateSchema,
  privacySettingsUpdateSchema,
  profileUpdateRequestSchema,
  userSchema,
  userSettingsSchema,
} from '../http/auth.ts';
import { okResponseSchema } from '../http/ok.ts';

/** Profile, settings and account deletion of the signed-in user. */
export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/profile',
  caller: 'user',
  summary: 'Changes names, emergency contact and photo (e-mail and phone are ignored)',
  body: profileUpdateRequestSchema,
  responses: { 200: userSchema, ...errorResponses(400, 401, 403) },
});

export const getUserSettings = defineEndpoint({
  method: 'GET',
  path: '/api/user/settings',
  caller: 'user',
  summary: 'The notification and privacy toggles as saved',
  responses: { 200: userSettingsSchema, ...errorResponses(401) },
});

export const updateNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/user/notifications',
  caller: 'user',
  summary: 'Changes any of the notification toggles',
  body: notificationSettingsUpdateSchema,
  responses: { 200: userSettingsSchema, ...errorResponses(400, 401, 403) },
});

export const updatePrivacySettings = defineEndpoint({
  method: 'PUT',
  path: '/api/user/privacy',
  caller: 'user',
  summary: 'Changes any of the privacy toggles',
  body: privacySettingsUpdateSchema,
  responses: { 200: userSettingsSchema, ...errorResponses(400, 401, 403) },
});

export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/user',
  caller: 'user',
  summary: 'Deletes the account, ends every session of it and clears the cookie',
  responses: { 200: okResponseSchema, ...errorResponses(401, 403) },
});
