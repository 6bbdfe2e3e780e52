import {
  claimStaffTicket,
  closeStaffTicket,
  getStaffTicket,
  getStaffTickets,
  noteOnStaffTicket,
  replyToStaffTicket,
  resolveStaffTicket,
  setStaffTicketPriority,
} from '@krom/contracts/api/staff-tickets';
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
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The admin area's Tickets queue, forwarded to the admin service as the signed-in staff member
 * (whose id admin records as the claimer and the replies' author). Staff sessions only.
 */
export async function staffTicketRoutes(app: FastifyInstance, { directory }: RouteOptions) {
  const asStaff = { service: 'admin' as const, caller: requireAdminCaller };
  await forward(app, directory, { ...asStaff, endpoint: getStaffTickets, to: staffTicketQueueRoute });
  await forward(app, directory, { ...asStaff, endpoint: getStaffTicket, to: staffTicketRoute });
  await forward(app, directory, { ...asStaff, endpoint: claimStaffTicket, to: claimTicketRoute });
  await forward(app, directory, { ...asStaff, endpoint: replyToStaffTicket, to: staffReplyRoute });
  await forward(app, directory, { ...asStaff, endpoint: noteOnStaffTicket, to: staffNoteRoute });
  await forward(app, directory, { ...asStaff, endpoint: setStaffTicketPriority, to: ticketPriorityRoute });
  await forward(app, directory, { ...asStaff, endpoint: resolveStaffTicket, to: resolveTicketRoute });
  await forward(app, directory, { ...asStaff, endpoint: closeStaffTicket, to: staffCloseTicketRoute });
}
