import { randomBytes, randomUUID } from 'node:crypto';
import { requestPasswordReset, resendResetCode, resetPassword, verifyResetCode } from '@krom/contracts/api/recovery';
import {
  type RecoveryLookupRequest,
  type RecoveryLookupResponse,
  resetCodeSentMessage,
  resetErrors,
  resetNoRequestMessage,
} from '@krom/contracts/http/auth';
import { phoneCodeRules } from '@krom/contracts/http/phone-codes';
import { codePolicyResponseSchema, type IssueCodeRequest, type IssueCodeResponse } from '@krom/contracts/http/verification-codes';
import { resetOwnPasswordRoute } from '@krom/contracts/services/identity/accounts';
import { recoveryLookupRoute } from '@krom/contracts/services/identity/recovery';
import { codePolicyRoute, issueCodeRoute, verifyCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, type ServiceDirectory } from '../plugins/service-calls.ts';
import { endUserSessions, publicCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** A verified reset code allows a new password for this long. */
const VERIFIED_RESET_VALID_MS = 10 * 60 * 1000;
/** How long the cooldown the notifications service reported is used before it is asked again. */
const RESEND_POLICY_TTL_MS = 5 * 60 * 1000;
/** Shown only while the notifications service cannot be asked (no code goes out then either): its default. */
const UNREACHABLE_RESEND_SECONDS = 150;
/** Wrong tries at one reset code are remembered this long: past the code's own life, when any code is refused alike. */
const WRONG_TRIES_KEPT_SECONDS = 60 * 60;
/** Each code asked for starts its count of wrong tries afresh. */
const newAttempt = () => randomBytes(16).toString('base64url');

type Method = 'email' | 'sms';

/**
 * Password recovery. Every answer is the same whether or not an account matched, and takes the
 * same path: the account is looked up either way, and the code is requested without waiting for
 * it, so neither the body nor the timing tells who has an account.
 */
export async function recoveryRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  // The resend cooldown is the notifications service's setting, a policy rather than per account:
  // read from it before the first answer, kept a few minutes and refreshed by every code it
  // issues, so the countdown a screen shows is the wait the service enforces.
  let policy: { seconds: number; readAt: number } | undefined;
  let reading: Promise<number> | undefined;
  const remember = (seconds: number) => {
    policy = { seconds, readAt: Date.now() };
    return seconds;
  };
  const resendWait = (request: FastifyRequest): Promise<number> => {
    if (policy && Date.now() - policy.readAt < RESEND_POLICY_TTL_MS) return Promise.resolve(policy.seconds);
    reading ??= publicCaller()
      .then((caller) => callService(request, directory, { service: 'notifications', to: codePolicyRoute, caller }))
      .then((answer) => remember(codePolicyResponseSchema.parse(answer).resendAfterSeconds))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'resend cooldown not read from the notifications service');
        return policy?.seconds ?? UNREACHABLE_RESEND_SECONDS;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const lookUp = async (request: FastifyRequest, body: RecoveryLookupRequest): Promise<RecoveryLookupResponse | null> => {
    try {
      return await callService(request, directory, {
        service: 'identity',
        to: recoveryLookupRoute,
        caller: await publicCaller(),
        body,
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };

  /** Asks for a code in the background; a refusal (cooldown, hourly cap) is logged, never shown. */
  const requestCodeInBackground = (request: FastifyRequest, account: RecoveryLookupResponse, method: Method) => {
    const body: IssueCodeRequest = {
      purpose: 'reset',
      subject: account.userId,
      destination: method === 'email' ? { channel: 'email', email: account.email } : { channel: 'sms', phone: account.phone },
      clientKey: request.ip,
    };
    issueCode(request, directory, body)
      .then((issued) => remember(issued.resendAfterSeconds))
      .catch((error: unknown) => request.log.warn({ err: error, userId: account.userId }, 'reset code not sent'));
  };

  const sentAnswer = (method: Method, resendAfterSeconds: number) => ({ message: resetCodeSentMessage[method], resendAfterSeconds });

  const limited = { config: { rateLimit: options.publicRateLimit } };

  routeEndpoint(app, requestPasswordReset, { ...limited, handler: async (request) => {
    const body = request.body;
    const [account, resendAfterSeconds] = await Promise.all([
      lookUp(request, body.method === 'email' ? { email: body.email } : { phone: body.phone }),
      resendWait(request),
    ]);
    if (account) requestCodeInBackground(request, account, body.method);
    request.session.set('reset', { userId: account?.userId ?? null, method: body.method, startedAt: Date.now(), attempt: newAttempt() });
    return sentAnswer(body.method, resendAfterSeconds);
  } });

  routeEndpoint(app, resendResetCode, { ...limited, handler: async (request) => {
    const reset = request.session.get('reset');
    if (!reset) throw new HttpError(400, resetNoRequestMessage);
    // The method chosen at the start holds: the code goes where the first one went.
    const [account, resendAfterSeconds] = await Promise.all([lookUp(request, { userId: reset.userId ?? randomUUID() }), resendWait(request)]);
    if (account) requestCodeInBackground(request, account, reset.method);
    request.session.set('reset', { ...reset, attempt: newAttempt(), verifiedAt: undefined, grant: undefined });
    return sentAnswer(reset.method, resendAfterSeconds);
  } });

  routeEndpoint(app, verifyResetCode, { ...limited, handler: async (request) => {
    const { otp } = request.body;
    const stored = request.session.get('reset');
    if (!stored) throw new HttpError(400, resetErrors.invalidCode);
    const reset = { ...stored, attempt: stored.attempt ?? newAttempt() };
    request.session.set('reset', reset);
    // The answer follows this browser's own wrong tries alone, counted the same way for an account
    // and for none: the service's own count (which other browsers also spend) would tell them apart.
    const { sessions } = request.server;
    if ((await sessions.wrongTries('reset', reset.attempt)) >= phoneCodeRules.maxAttempts) throw new HttpError(400, resetErrors.tooManyTries);
    const wrongTry = async () => {
      const tries = await sessions.countWrongTry('reset', reset.attempt, WRONG_TRIES_KEPT_SECONDS);
      return new HttpError(400, tries >= phoneCodeRules.maxAttempts ? resetErrors.tooManyTries : resetErrors.invalidCode);
    };
    try {
      // No account matched: a subject no code was made for, so this costs what a real check does.
      await callService(request, directory, {
        service: 'notifications',
        to: verifyCodeRoute,
        caller: await publicCaller(),
        body: { purpose: 'reset', subject: reset.userId ?? `none:${randomUUID()}`, code: otp },
      });
    } catch (error) {
      // One answer for every failure (wrong, used, expired, no account) but the last allowed try.
      if (error instanceof HttpError && error.statusCode < 500) throw await wrongTry();
      throw error;
    }
    if (!reset.userId) throw await wrongTry();
    const grant = await request.server.sessions.createGrant('reset', reset.userId, VERIFIED_RESET_VALID_MS / 1000);
    request.session.set('reset', { ...reset, verifiedAt: Date.now(), grant });
    return { ok: true as const };
  } });

  /** The new password, only after the code was verified in this browser session; every session of the user ends. */
  routeEndpoint(app, resetPassword, { ...limited, handler: async (request) => {
    const { password } = request.body;
    const reset = request.session.get('reset');
    const fresh = reset?.userId && reset.verifiedAt && reset.grant && Date.now() - reset.verifiedAt < VERIFIED_RESET_VALID_MS;
    // The cookie alone proves nothing once the grant is used: a copy of it from before the reset is refused.
    if (!fresh || !reset?.userId || !reset.grant || (await request.server.sessions.grantHolder('reset', reset.grant)) !== reset.userId) {
      throw new HttpError(400, resetErrors.notVerified);
    }
    await callService(request, directory, {
      service: 'identity',
      to: resetOwnPasswordRoute,
      caller: { kind: 'user', userId: reset.userId },
      body: { password },
    });
    await request.server.sessions.endGrant('reset', reset.grant);
    await endUserSessions(request, reset.userId);
    request.session.set('reset', undefined);
    request.session.set('user', undefined);
    return { ok: true as const };
  } });
}

function issueCode(request: FastifyRequest, directory: ServiceDirectory, body: IssueCodeRequest): Promise<IssueCodeResponse> {
  return callService(request, directory, {
    service: 'notifications',
    to: issueCodeRoute,
    caller: { kind: 'public' },
    body,
  });
}
