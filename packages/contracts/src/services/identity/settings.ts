import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { notificationSettingsUpdateSchema, privacySettingsUpdateSchema, userSettingsSchema } from '../../http/auth.ts';

/** The identity service's settings routes: the asserted user's notification and privacy toggles. */
export const getOwnSettingsRoute = defineEndpoint({
  method: 'GET',
  path: '/users/me/settings',
  caller: 'user',
  summary: 'The toggles as saved (the defaults until changed)',
  responses: { 200: userSettingsSchema, ...errorResponses(401) },
});

export const updateOwnNotificationSettingsRoute = defineEndpoint({
  method: 'PUT',
  path: '/users/me/settings/notifications',
  caller: 'user',
  summary: 'Changes any of the notification toggles',
  body: notificationSettingsUpdateSchema,
  responses: { 200: userSettingsSchema, ...errorResponses(400, 401) },
});

export const updateOwnPrivacySettingsRoute = defineEndpoint({
  method: 'PUT',
  path: '/users/me/settings/privacy',
  caller: 'user',
  summary: 'Changes any of the privacy toggles',
  body: privacySettingsUpdateSchema,
  responses: { 200: userSettingsSchema, ...errorResponses(400, 401) },
});
