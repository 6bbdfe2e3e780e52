import type { IssueCodeRefused } from '@krom/contracts/http/verification-codes';
import { codePolicyRoute, issueCodeRoute, verifyCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
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
      refuseStaffPurpose(request.body.purpose);
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
      refuseStaffPurpose(request.body.purpose);
      await verifyCode(codes, request.body);
      return { verified: true as const };
    },
  });
}

/** Staff test codes are issued and checked only through the staff routes, which require an admin caller. */
function refuseStaffPurpose(purpose: string) {
  if (purpose === 'staff_test') throw new HttpError(400, 'Staff test codes are handled by the staff routes');
}
