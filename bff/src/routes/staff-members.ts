import { getMemberPage, searchMembers } from '@krom/contracts/api/staff-members';
import { staffMemberCasesRoute } from '@krom/contracts/services/admin/staff-members';
import { staffMay } from '@krom/contracts/http/staff-roles-values';
import { staffMemberAccountRoute, staffMemberSearchRoute } from '@krom/contracts/services/identity/staff-members';
import { staffMemberPaymentsRoute } from '@krom/contracts/services/payments/staff-payments';
import { staffMemberActivityRoute } from '@krom/contracts/services/rides/staff-members';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

type PageSection<T> = (T & { available: true }) | { available: false };

/**
 * One section of the member page: its service's answer, or `{ available: false }` when the service
 * failed or did not answer, so that the other sections still show. `final` names the refusals that
 * answer the whole page instead (identity's 404: no such member).
 */
async function pageSection<T extends object>(
  request: FastifyRequest,
  section: string,
  load: () => Promise<T>,
  final: (error: unknown) => boolean = () => false,
): Promise<PageSection<T>> {
  try {
    return { ...(await load()), available: true };
  } catch (error) {
    if (final(error)) throw error;
    request.log.warn({ err: error, section }, 'member page section unavailable');
    return { available: false };
  }
}

const noSuchMember = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/**
 * The admin area's Members tab and member page, as the signed-in staff member. Staff sessions only,
 * every role; the page's money only for the roles payments' route admits (finance, administrators):
 * for the others payments is not asked and the section says it is restricted.
 */
export async function staffMemberRoutes(app: FastifyInstance, { directory }: RouteOptions) {
  await forward(app, directory, { service: 'identity', caller: requireAdminCaller, endpoint: searchMembers, to: staffMemberSearchRoute });

  // Identity's account, rides' activity, admin's cases and payments' money are read at once: the page waits for the slowest, not the sum.
  routeEndpoint(app, getMemberPage, {
    handler: async (request) => {
      const caller = await requireAdminCaller(request);
      const params = { id: request.params.id };
      const mayReadMoney = caller.kind === 'admin' && staffMay(caller.roles, staffMemberPaymentsRoute.roles);
      const [account, rides, cases, payments] = await Promise.all([
        pageSection(request, 'account', () => callService(request, directory, { service: 'identity', to: staffMemberAccountRoute, params, caller }), noSuchMember),
        pageSection(request, 'rides', () => callService(request, directory, { service: 'rides', to: staffMemberActivityRoute, params, caller })),
        pageSection(request, 'cases', () => callService(request, directory, { service: 'admin', to: staffMemberCasesRoute, params, caller })),
        mayReadMoney
          ? pageSection(request, 'payments', () => callService(request, directory, { service: 'payments', to: staffMemberPaymentsRoute, params, caller }))
          : ({ available: false, restricted: true } as const),
      ]);
      return { account, rides, cases, payments };
    },
  });
}
