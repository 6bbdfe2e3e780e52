import { changePassword, getCurrentUser, registerUser, signIn as signInEndpoint, signOut as signOutEndpoint } from '@krom/contracts/api/auth';
import { accountErrors, loginErrors } from '@krom/contracts/http/auth';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import {
  changeOwnPasswordRoute,
  checkCredentialsRoute,
  getOwnUserRoute,
  registerUserRoute,
} from '@krom/contracts/services/identity/accounts';
import { routeEndpoint, sendJsonText } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, relayService } from '../plugins/service-calls.ts';
import { endUserSessions, publicCaller, requireUserCaller, signIn, signOut } from '../plugins/sessions.ts';
import { phoneVerifiedHere } from '../sessions/signup-phone.ts';
import type { RouteOptions } from './route-options.ts';

function assertPhoneVerifiedHere(request: FastifyRequest, phone: string): void {
  if (!phoneVerifiedHere(request, phone)) {
    throw new HttpError(400, phoneCodeErrors.phoneNotVerified, [{ field: 'phone', message: phoneCodeErrors.phoneNotVerified }]);
  }
}

/** Sign-up, sign-in, sign-out, the current user and the password change in settings. */
export async function authRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory, currentUsers } = options;

  /**
   * The current user; 401 when signed out, which screens read as "signed out". The session is
   * checked on every call; the view comes from this replica's copy when it holds one.
   */
  routeEndpoint(app, getCurrentUser, { handler: async (request, reply) => {
    const caller = await requireUserCaller(request);
    if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
    const copy = currentUsers.get(caller.userId);
    if (copy !== undefined) return sendJsonText(reply, copy);
    const token = currentUsers.begin();
    try {
      return await relayService(request, reply, directory, { service: 'identity', to: getOwnUserRoute, caller }, (text) =>
        currentUsers.store(caller.userId, text, token),
      );
    } catch (error) {
      // The account is gone (deleted): the session ends with it.
      if (error instanceof HttpError && error.statusCode === 404) {
        await signOut(request, 'user');
        throw new HttpError(401, accountErrors.notSignedIn);
      }
      throw error;
    }
  } });

  /** Registration, only for the phone number whose code was verified in this browser session. */
  routeEndpoint(app, registerUser, { config: { rateLimit: options.publicRateLimit }, handler: async (request, reply) => {
    const registration = request.body;
    assertPhoneVerifiedHere(request, registration.phone);
    const user = await callService(request, directory, {
      service: 'identity',
      to: registerUserRoute,
      caller: await publicCaller(),
      body: registration,
    });
    await signIn(request, 'user', user.id);
    request.session.set('signupPhone', undefined);
    return reply.status(201).send(user);
  } });

  /** Unknown e-mail and wrong password: the same 401, after the same work (identity verifies a decoy). */
  routeEndpoint(app, signInEndpoint, { config: { rateLimit: options.publicRateLimit }, handler: async (request) => {
    const credentials = request.body;
    const passwordCheckedAt = await request.server.sessions.now();
    const { user } = await callService(request, directory, {
      service: 'identity',
      to: checkCredentialsRoute,
      caller: await publicCaller(),
      body: credentials,
    }).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(401, loginErrors.invalidCredentials);
      throw error;
    });
    // A password reset that landed while this one was being checked: the old password opens nothing.
    if (!(await signIn(request, 'user', user.id, passwordCheckedAt))) throw new HttpError(401, loginErrors.invalidCredentials);
    return user;
  } });

  /** Ends the session on the server too: a copy of the cookie opens nothing afterwards. */
  routeEndpoint(app, signOutEndpoint, { handler: async (request) => {
    await signOut(request, 'user');
    return { ok: true as const };
  } });

  /** Settings: the current password is checked by identity; every other session of the user ends. */
  routeEndpoint(app, changePassword, { config: { rateLimit: options.publicRateLimit }, handler: async (request) => {
    const caller = await requireUserCaller(request);
    if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
    const body = request.body;
    await callService(request, directory, { service: 'identity', to: changeOwnPasswordRoute, caller, body });
    await endUserSessions(request, caller.userId, request.session.get('user'));
    return { ok: true as const };
  } });
}
