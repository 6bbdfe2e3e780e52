import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { currentUserAddress } from './current-user-address.ts';
import { changePasswordRequestSchema, loginRequestSchema, registerRequestSchema, userSchema } from '../http/auth.ts';
import { okResponseSchema } from '../http/ok.ts';

/** Sign-up, sign-in, sign-out, the current user and the password change in settings. */
export const getCurrentUser = defineEndpoint({
  ...currentUserAddress,
  caller: 'user',
  summary: 'The signed-in user; 401 when signed out',
  responses: { 200: userSchema, ...errorResponses(401) },
});

export const registerUser = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register',
  caller: 'guest',
  summary: 'Creates the account for the phone number verified in this session and signs it in',
  body: registerRequestSchema,
  responses: { 201: userSchema, ...errorResponses(400, 403, 409, 429) },
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  caller: 'guest',
  summary: 'Signs a user in with e-mail and password',
  body: loginRequestSchema,
  responses: { 200: userSchema, ...errorResponses(400, 401, 403, 429) },
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  caller: 'public',
  summary: 'Ends the session, on the server too',
  responses: { 200: okResponseSchema, ...errorResponses(403) },
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  caller: 'user',
  summary: "Changes the password after checking the current one; the user's other sessions end",
  body: changePasswordRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 429) },
});
