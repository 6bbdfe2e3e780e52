import { sendPhoneCode, verifyPhoneCode } from '@krom/contracts/api/phone-codes';
import { type RecoveryLookupRequest, registerErrors } from '@krom/contracts/http/auth';
import { phoneCodeMessages } from '@krom/contracts/http/phone-codes';
import {
  type IssueCodeRequest,
  type IssueCodeResponse,
  issueCodeRefusedSchema,
  issueCodeResponseSchema,
  type VerifyCodeServiceRequest,
} from '@krom/contracts/http/verification-codes';
import { recoveryLookupRoute } from '@krom/contracts/services/identity/recovery';
import { issueCodeRoute, verifyCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callService, type ServiceDirectory, sendToService } from '../plugins/service-calls.ts';
import { publicCaller } from '../plugins/sessions.ts';
import { phoneVerifiedHere } from '../sessions/signup-phone.ts';
import type { RouteOptions } from './route-options.ts';

/** The notifications service refused a code (cooldown or hourly cap): 429, and when to ask again. */
export class CodeRequestRefused extends HttpError {
  constructor(
    message: string,
    readonly resendAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'CodeRequestRefused';
  }
}

/**
 * Asks the notifications service to make and send a code (sign-up here; recovery may use it too).
 * Written out rather than through callService because a refusal's resendAfterSeconds must reach
 * the screen, and callService keeps only the message of an error answer.
 */
export async function requestVerificationCode(request: FastifyRequest, directory: ServiceDirectory, body: IssueCodeRequest): Promise<IssueCodeResponse> {
  const { status, body: answer } = await sendToService(request, directory, {
    service: 'notifications',
    to: issueCodeRoute,
    caller: await publicCaller(),
    body,
  });
  const garbled = new HttpError(502, 'Something went wrong. Please try again.');
  if (status < 300) {
    const issued = issueCodeResponseSchema.safeParse(answer);
    if (!issued.success) throw garbled;
    return issued.data;
  }
  if (status === 429) {
    const refused = issueCodeRefusedSchema.safeParse(answer);
    if (!refused.success) throw garbled;
    throw new CodeRequestRefused(refused.data.message, refused.data.resendAfterSeconds);
  }
  if (status >= 500) throw garbled;
  const { message, errors } = (answer ?? {}) as { message?: string; errors?: { field: string; message: string }[] };
  throw new HttpError(status, message ?? 'Something went wrong. Please try again.', errors);
}

/** A refusal as the browser gets it: the reason in the spec's words and the seconds to wait. */
export function replyCodeRefused(reply: FastifyReply, refused: CodeRequestRefused) {
  return reply
    .status(429)
    .header('retry-after', String(refused.resendAfterSeconds))
    .send({ message: refused.message, resendAfterSeconds: refused.resendAfterSeconds });
}

/**
 * Refuses (409, registration's own words and status) an e-mail or number that already has a live
 * account, before a code is sent for it: otherwise the person learns it only after the code was
 * texted and verified. This tells anyone who asks whether an address has an account, as
 * registration always did; the per-client rate limit bounds how fast.
 */
async function assertNoAccountYet(request: FastifyRequest, directory: ServiceDirectory, email: string | undefined, phone: string): Promise<void> {
  const exists = async (body: RecoveryLookupRequest) => {
    try {
      await callService(request, directory, { service: 'identity', to: recoveryLookupRoute, caller: await publicCaller(), body });
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return false;
      // A courtesy, not the rule (registration refuses a taken address itself): with identity
      // unreachable the code still goes out rather than sign-up stopping here.
      if (error instanceof HttpError && error.statusCode >= 500) {
        request.log.warn({ err: error }, 'existing-account check before a sign-up code skipped');
        return false;
      }
      throw error;
    }
  };
  const [emailTaken, phoneTaken] = await Promise.all([email ? exists({ email }) : false, exists({ phone })]);
  if (emailTaken) throw new HttpError(409, registerErrors.emailTaken, [{ field: 'email', message: registerErrors.emailTaken }]);
  if (phoneTaken) throw new HttpError(409, registerErrors.phoneTaken, [{ field: 'phone', message: registerErrors.phoneTaken }]);
}

/**
 * Sign-up phone codes: POST /api/sms/send-verification texts a code to the number (also the
 * screen's Send Again); POST /api/sms/verify-code checks it and remembers in this browser's
 * session that the number was verified, which registration then requires.
 */
export async function phoneCodeRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  const limited = { config: { rateLimit: options.publicRateLimit } };

  routeEndpoint(app, sendPhoneCode, { ...limited, handler: async (request, reply) => {
    const { phoneNumber, email } = request.body;
    await assertNoAccountYet(request, directory, email, phoneNumber);
    // Sent back from the code screen to fix a detail, the number this session just verified needs no new code.
    if (phoneVerifiedHere(request, phoneNumber)) return { message: phoneCodeMessages.verified, resendAfterSeconds: 0, alreadyVerified: true as const };
    try {
      const { resendAfterSeconds } = await requestVerificationCode(request, directory, {
        purpose: 'signup',
        subject: phoneNumber,
        destination: { channel: 'sms', phone: phoneNumber },
        clientKey: request.ip,
      });
      return { message: phoneCodeMessages.sent, resendAfterSeconds };
    } catch (error) {
      if (error instanceof CodeRequestRefused) return replyCodeRefused(reply, error);
      throw error;
    }
  } });

  routeEndpoint(app, verifyPhoneCode, { ...limited, handler: async (request) => {
    const { phoneNumber, verificationCode } = request.body;
    const body: VerifyCodeServiceRequest = { purpose: 'signup', subject: phoneNumber, code: verificationCode };
    await callService(request, directory, { service: 'notifications', to: verifyCodeRoute, caller: await publicCaller(), body });
    request.session.set('signupPhone', { phone: phoneNumber, verifiedAt: Date.now() });
    return { message: phoneCodeMessages.verified };
  } });
}
