import { reportMemberRoute } from '@krom/contracts/services/admin/member-reports';
import { staffMemberCasesRoute } from '@krom/contracts/services/admin/staff-members';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { AdminDb } from '../db/admin-db.ts';
import { memberCases } from '../member-reports/member-cases.ts';
import { reportMember } from '../member-reports/report-member.ts';

/** A signed-in member reports another (the BFF asserts who reports); staff read a member's tickets and the reports about them. */
export async function memberReportRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  routeEndpoint(app, reportMemberRoute, {
    handler: async (request, reply) => {
      const { created, message } = await reportMember(db, requireUser(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ message });
    },
  });

  routeEndpoint(app, staffMemberCasesRoute, { handler: async (request) => memberCases(db, request.params.id) });
}
