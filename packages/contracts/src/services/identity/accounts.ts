import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  changePasswordRequestSchema,
  checkCredentialsResponseSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  userSchema,
} from '../../http/auth.ts';
import { identityDataExportSchema } from '../../http/data-export.ts';
import { okResponseSchema } from '../../http/ok.ts';
import { memberIdParams, memberSuspensionSchema, suspendMemberRequestSchema } from '../../http/suspensions.ts';

/**
 * The identity service's account routes, reached only from the BFF with an internal assertion.
 * Registration and the credential check are for the BFF's anonymous callers; the rest act on the
 * user the assertion names, never on an id in the path.
 */
export const registerUserRoute = defineEndpoint({
  method: 'POST',
  path: '/users',
  caller: 'guest',
  summary: 'Creates an account (the BFF checked the phone code first)',
  body: registerRequestSchema,
  responses: { 201: userSchema, ...errorResponses(400, 401, 409) },
});

export const checkCredentialsRoute = defineEndpoint({
  method: 'POST',
  path: '/sessions',
  caller: 'guest',
  summary: "Says whose e-mail and password these are; the BFF keeps the session",
  body: loginRequestSchema,
  responses: { 200: checkCredentialsResponseSchema, ...errorResponses(400, 401, 403, 429) },
});

export const getOwnUserRoute = defineEndpoint({
  method: 'GET',
  path: '/users/me',
  caller: 'user',
  summary: 'The asserted user; 404 once the account is gone',
  responses: { 200: userSchema, ...errorResponses(401, 404) },
});

export const updateOwnProfileRoute = defineEndpoint({
  method: 'PUT',
  path: '/users/me/profile',
  caller: 'user',
  summary: 'Changes names, emergency contact and photo (one of the user\'s own uploads)',
  body: profileUpdateRequestSchema,
  responses: { 200: userSchema, ...errorResponses(400, 401, 404) },
});

export const changeOwnPasswordRoute = defineEndpoint({
  method: 'POST',
  path: '/users/me/password',
  caller: 'user',
  summary: 'Changes the password after checking the current one',
  body: changePasswordRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 401, 404) },
});

export const resetOwnPasswordRoute = defineEndpoint({
  method: 'PUT',
  path: '/users/me/password-reset',
  caller: 'user',
  summary: 'Sets a new password; the BFF asserts the user only once their reset code was verified',
  body: resetPasswordRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 401, 404) },
});

export const deleteOwnAccountRoute = defineEndpoint({
  method: 'DELETE',
  path: '/users/me',
  caller: 'user',
  summary: 'Deletes the asserted user\'s account',
  responses: { 200: okResponseSchema, ...errorResponses(401, 404) },
});

export const exportOwnDataRoute = defineEndpoint({
  method: 'GET',
  path: '/users/me/data-export',
  caller: 'user',
  summary: "The asserted user's account, profile, settings and verification outcomes, for their data download (no photos, hashes, codes or tokens)",
  responses: { 200: identityDataExportSchema, ...errorResponses(401, 404) },
});

const suspensionRoutePath = '/staff/members/:id/suspension';

export const suspendMemberRoute = defineEndpoint({
  method: 'POST',
  path: suspensionRoutePath,
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'Suspends a member with a reason; publishes user.suspended and a new snapshot; 409 if already suspended',
  params: memberIdParams,
  body: suspendMemberRequestSchema,
  responses: { 200: memberSuspensionSchema, ...errorResponses(400, 401, 404, 409) },
});

export const liftSuspensionRoute = defineEndpoint({
  method: 'DELETE',
  path: suspensionRoutePath,
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'Lifts a suspension; publishes user.unsuspended and a new snapshot; 409 if not suspended',
  params: memberIdParams,
  responses: { 200: memberSuspensionSchema, ...errorResponses(401, 404, 409) },
});
