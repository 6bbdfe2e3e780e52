import {
  type CodePolicyResponse,
  type IssueCodeRefused,
  issueCodeRequestSchema,
  verificationCodeRoutes as routes,
  verifyCodeServiceRequestSchema,
} from '@krom/contracts/http/verification-codes';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import type { CodeDeps } from '../codes/code-deps.ts';
import { CodeRequestRefused, issueVerificationCode } from '../codes/issue-code.ts';
import { verifyCode } from '../codes/verify-code.ts';

/**
 * One-time codes for the BFF (sign-up, recovery). The internal assertion is the check on who
 * calls: only the BFF can sign one; the code itself is what proves the person.
 */
export async function oneTimeCodeRoutes(app: FastifyInstance, { codes }: { codes: CodeDeps }) {
  app.post(routes.issue, async (request, reply) => {
    const body = parseWith(issueCodeRequestSchema, request.body);
    try {
      return reply.status(201).send(await issueVerificationCode(codes, body));
    } catch (error) {
      if (!(error instanceof CodeRequestRefused)) throw error;
      const refused: IssueCodeRefused = { message: error.message, resendAfterSeconds: error.resendAfterSeconds };
      return reply.status(429).header('retry-after', String(error.resendAfterSeconds)).send(refused);
    }
  });

  // The same rules for everyone: any caller the BFF vouches for may read them.
  app.get(routes.policy, async (): Promise<CodePolicyResponse> => ({ resendAfterSeconds: codes.settings.resendSeconds }));

  app.post(routes.verify, async (request) => {
    await verifyCode(codes, parseWith(verifyCodeServiceRequestSchema, request.body));
    return { verified: true as const };
  });
}
