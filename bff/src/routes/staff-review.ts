import { decideVerification, getReviewQueue, getReviewSubmission } from '@krom/contracts/api/staff';
import { decideVerificationRoute, reviewQueueRoute, reviewSubmissionRoute } from '@krom/contracts/services/identity/verification';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** Staff's verification review: the queue, one submission, a decision. Staff sessions only. */
export async function staffReviewRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory, currentUsers } = options;
  const asStaff = { service: 'identity' as const, caller: requireAdminCaller };
  await forward(app, directory, { ...asStaff, endpoint: getReviewQueue, to: reviewQueueRoute });
  await forward(app, directory, { ...asStaff, endpoint: getReviewSubmission, to: reviewSubmissionRoute });

  routeEndpoint(app, decideVerification, {
    handler: async (request) => {
      const submission = await callService(request, directory, {
        service: 'identity',
        to: decideVerificationRoute,
        params: { id: request.params.id },
        caller: await requireAdminCaller(request),
        body: request.body,
      });
      // The decided user's own view changed: this replica drops its copy at once, so their next
      // GET /api/auth/user shows the new status; other replicas drop theirs on user.changed.
      currentUsers.drop(submission.userId);
      return submission;
    },
  });
}
