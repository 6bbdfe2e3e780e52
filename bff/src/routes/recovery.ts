import { randomUUID } from 'node:crypto';
import {
  forgotPasswordRequestSchema,
  identityServiceRoutes,
  type RecoveryLookupRequest,
  type RecoveryLookupResponse,
  resendResetCodeRequestSchema,
  resetCodeSentMessage,
  resetErrors,
  resetNoRequestMessage,
  resetPasswordRequestSchema,
  verifyResetOtpRequestSchema,
} from '@krom/contracts/http/auth';
import { type IssueCodeRequest, type IssueCodeResponse, verificationCodeRoutes } from '@krom/contracts/http/verification-codes';
import { HttpError } from '@krom/server-kit/errors';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, type ServiceDirectory } from '../plugins/service-calls.ts';
import { publicCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** A verified reset code allows a new password for this long. */
const VERIFIED_RESET_VALID_MS = 10 * 60 * 1000;
/** The notifications service's default cooldown, until one of its answers tells the real one. */
const DEFAULT_RESEND_SECONDS = 150;

type Method = 'email' | 'sms';

/**
 * Password recovery. Every answer is the same whether or not an account matched, and takes the
 * same path: the account is looked up either way, and the code is requested without waiting for
 * it, so neither the body nor the timing tells who has an account.
 */
export async function recoveryRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  // The cooldown the notifications service last reported for a sent code; a policy, not per account.
  let resendAfterSeconds = DEFAULT_RESEND_SECONDS;

  const lookUp = async (request: FastifyRequest, body: RecoveryLookupRequest): Promise<RecoveryLookupResponse | null> => {
    try {
      return await callService<RecoveryLookupResponse>(request, directory, {
        service: 'identity',
        method: 'POST',
        path: identityServiceRoutes.recoveryLookup,
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
      .then((issued) => {
        resendAfterSeconds = issued.resendAfterSeconds;
      })
      .catch((error: unknown) => request.log.warn({ err: error, userId: account.userId }, 'reset code not sent'));
  };

  const sentAnswer = (method: Method) => ({ message: resetCodeSentMessage[method], resendAfterSeconds });

  app.post('/api/auth/forgot-password', { config: { rateLimit: options.publicRateLimit } }, async (request) => {
    const body = parseWith(forgotPasswordRequestSchema, request.body);
    const account = await lookUp(request, body.method === 'email' ? { email: body.email } : { phone: body.phone });
    if (account) requestCodeInBackground(request, account, body.method);
    request.session.set('reset', { userId: account?.userId ?? null, method: body.method, startedAt: Date.now() });
    return sentAnswer(body.method);
  });

  app.post('/api/auth/resend-reset-code', { config: { rateLimit: options.publicRateLimit } }, async (request) => {
    parseWith(resendResetCodeRequestSchema, request.body);
    const reset = request.session.get('reset');
    if (!reset) throw new HttpError(400, resetNoRequestMessage);
    // The method chosen at the start holds: the code goes where the first one went.
    const account = await lookUp(request, { userId: reset.userId ?? randomUUID() });
    if (account) requestCodeInBackground(request, account, reset.method);
    request.session.set('reset', { ...reset, verifiedAt: undefined });
    return sentAnswer(reset.method);
  });

  app.post('/api/auth/verify-reset-otp', { config: { rateLimit: options.publicRateLimit } }, async (request) => {
    const { otp } = parseWith(verifyResetOtpRequestSchema, request.body);
    const reset = request.session.get('reset');
    if (!reset) throw new HttpError(400, resetErrors.invalidCode);
    try {
      // No account matched: a subject no code was made for, so this costs what a real check does.
      await callService(request, directory, {
        service: 'notifications',
        method: 'POST',
        path: verificationCodeRoutes.verify,
        caller: await publicCaller(),
        body: { purpose: 'reset', subject: reset.userId ?? `none:${randomUUID()}`, code: otp },
      });
    } catch (error) {
      // One answer for every failure (wrong, used, expired, too many tries, no account).
      if (error instanceof HttpError && error.statusCode < 500) throw new HttpError(400, resetErrors.invalidCode);
      throw error;
    }
    if (!reset.userId) throw new HttpError(400, resetErrors.invalidCode);
    request.session.set('reset', { ...reset, verifiedAt: Date.now() });
    return { ok: true };
  });

  /** The new password, only after the code was verified in this browser session; every session of the user ends. */
  app.post('/api/auth/reset-password', { config: { rateLimit: options.publicRateLimit } }, async (request) => {
    const { password } = parseWith(resetPasswordRequestSchema, request.body);
    const reset = request.session.get('reset');
    const verified = reset?.userId && reset.verifiedAt && Date.now() - reset.verifiedAt < VERIFIED_RESET_VALID_MS;
    if (!verified || !reset?.userId) throw new HttpError(400, resetErrors.notVerified);
    await callService(request, directory, {
      service: 'identity',
      method: 'PUT',
      path: identityServiceRoutes.resetPassword,
      caller: { kind: 'user', userId: reset.userId },
      body: { password },
    });
    await request.server.sessions.destroyAllFor('user', reset.userId);
    request.session.set('reset', undefined);
    request.session.set('user', undefined);
    return { ok: true };
  });
}

function issueCode(request: FastifyRequest, directory: ServiceDirectory, body: IssueCodeRequest): Promise<IssueCodeResponse> {
  return callService<IssueCodeResponse>(request, directory, {
    service: 'notifications',
    method: 'POST',
    path: verificationCodeRoutes.issue,
    caller: { kind: 'public' },
    body,
  });
}
