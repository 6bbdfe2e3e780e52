import type { IssueCodeRefused } from '@krom/contracts/http/verification-codes';
import { codePolicyRoute, issueCodeRoute, verifyCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { CodeDeps } from '../codes/code-deps.ts';
import { CodeRequestRefused, issueVerificationCode } from '../codes/issue-code.ts';
import { verifyCode } from '../codes/verify-code.ts';

/**
 * One-time codes for the BFF (sign-up, recovery). The internal assertion is the check on who
 * calls: only the BFF can sign one; the code itself is what proves the person.
 */
export async function oneTimeCodeRoutes(app: FastifyInstance, { codes }: { codes: CodeDeps }) {
  routeEndpoint(app, issueCodeRoute, {
    handler: async (request, reply) => {
      try {
        return reply.status(201).send(await issueVerificationCode(codes, request.body));
      } catch (error) {
        if (!(error instanceof CodeRequestRefused)) throw error;
        const refused: IssueCodeRefused = { message: error.message, resendAfterSeconds: error.resendAfterSeconds };
        return reply.status(429).header('retry-after', String(error.resendAfterSeconds)).send(refused);
      }
    },
  });

  // The same rules for everyone: any caller the BFF vouches for may read them.
  routeEndpoint(app, codePolicyRoute, { handler: async () => ({ resendAfterSeconds: codes.settings.resendSeconds }) });

  routeEndpoint(app, verifyCodeRoute, {
    handler: async (request) => {
      await verifyCode(codes, request.body);
      return { verified: true as const };
    },
  });
}
