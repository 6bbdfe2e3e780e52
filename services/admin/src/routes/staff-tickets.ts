import {
  claimTicketRoute,
  resolveTicketRoute,
  staffCloseTicketRoute,
  staffNoteRoute,
  staffReplyRoute,
  staffTicketQueueRoute,
  staffTicketRoute,
  ticketPriorityRoute,
} from '@krom/contracts/services/admin/staff-tickets';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { changePriority, claimTicket, resolveTicket, staffCloseTicket, staffNote, staffReply, staffTicket, staffTicketQueue } from '../support/staff-tickets.ts';
import type { SupportDeps } from '../support/tickets.ts';

/** Support tickets, staff side: the queue, a ticket, claim, reply, internal note, priority, resolve, close. */
export async function staffTicketRoutes(app: FastifyInstance, deps: SupportDeps) {
  routeEndpoint(app, staffTicketQueueRoute, { handler: async (request) => staffTicketQueue(deps.db, request.query) });
  routeEndpoint(app, staffTicketRoute, { handler: async (request) => staffTicket(deps, request.params.id) });
  routeEndpoint(app, claimTicketRoute, { handler: async (request) => claimTicket(deps, requireAdmin(request), request.params.id) });
  routeEndpoint(app, staffReplyRoute, {
    handler: async (request, reply) => reply.status(201).send(await staffReply(deps, requireAdmin(request), request.params.id, request.body.body)),
  });
  routeEndpoint(app, staffNoteRoute, {
    handler: async (request, reply) => reply.status(201).send(await staffNote(deps, requireAdmin(request), request.params.id, request.body.body)),
  });
  routeEndpoint(app, ticketPriorityRoute, { handler: async (request) => changePriority(deps, requireAdmin(request), request.params.id, request.body.priority) });
  routeEndpoint(app, resolveTicketRoute, { handler: async (request) => resolveTicket(deps, requireAdmin(request), request.params.id) });
  routeEndpoint(app, staffCloseTicketRoute, { handler: async (request) => staffCloseTicket(deps, requireAdmin(request), request.params.id) });
}
