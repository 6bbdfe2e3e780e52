import { blockMember, getMyBlocks, reportMember, unblockMember } from '@krom/contracts/api/member-safety';
import { reportMemberRoute } from '@krom/contracts/services/admin/member-reports';
import { blockMemberRoute, myBlocksRoute, unblockMemberRoute } from '@krom/contracts/services/rides/member-blocks';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Blocking and reporting members, as the signed-in member: blocks are kept by rides (where search
 * and booking read them), reports by admin (staff's cases). Each write is under the member's limit.
 */
export async function memberSafetyRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { caller: requireUserCaller };
  await forward(app, directory, { ...asUser, service: 'rides', endpoint: blockMember, to: blockMemberRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, service: 'rides', endpoint: unblockMember, to: unblockMemberRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, service: 'rides', endpoint: getMyBlocks, to: myBlocksRoute });
  await forward(app, directory, { ...asUser, service: 'admin', endpoint: reportMember, to: reportMemberRoute, rateLimit: memberLimits.writes });
}
