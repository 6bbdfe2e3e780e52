import { searchMembers } from '@krom/contracts/api/staff-members';
import { staffMemberSearchRoute } from '@krom/contracts/services/identity/staff-members';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** The admin area's Members tab: the search, forwarded to identity as the signed-in staff member. Staff sessions only, every role. */
export async function staffMemberRoutes(app: FastifyInstance, { directory }: RouteOptions) {
  await forward(app, directory, { service: 'identity', caller: requireAdminCaller, endpoint: searchMembers, to: staffMemberSearchRoute });
}
