import { defineForwarded, errorResponses } from '../endpoint.ts';
import {
  claimTicketRoute,
  resolveTicketRoute,
  staffCloseTicketRoute,
  staffNoteRoute,
  staffReplyRoute,
  staffTicketQueueRoute,
  staffTicketRoute,
  ticketPriorityRoute,
} from '../services/admin/staff-tickets.ts';

/** The admin area's Tickets queue, forwarded to the admin service as the signed-in staff member. Staff sessions only. */
export const getStaffTickets = defineForwarded(staffTicketQueueRoute, { path: '/api/admin/tickets' });
export const getStaffTicket = defineForwarded(staffTicketRoute, { path: '/api/admin/tickets/:id' });
export const claimStaffTicket = defineForwarded(claimTicketRoute, {
  path: '/api/admin/tickets/:id/claim',
  responses: { ...claimTicketRoute.responses, ...errorResponses(403) },
});
export const replyToStaffTicket = defineForwarded(staffReplyRoute, {
  path: '/api/admin/tickets/:id/replies',
  responses: { ...staffReplyRoute.responses, ...errorResponses(403) },
});
export const noteOnStaffTicket = defineForwarded(staffNoteRoute, {
  path: '/api/admin/tickets/:id/notes',
  responses: { ...staffNoteRoute.responses, ...errorResponses(403) },
});
export const setStaffTicketPriority = defineForwarded(ticketPriorityRoute, {
  path: '/api/admin/tickets/:id/priority',
  responses: { ...ticketPriorityRoute.responses, ...errorResponses(403) },
});
export const resolveStaffTicket = defineForwarded(resolveTicketRoute, {
  path: '/api/admin/tickets/:id/resolve',
  responses: { ...resolveTicketRoute.responses, ...errorResponses(403) },
});
export const closeStaffTicket = defineForwarded(staffCloseTicketRoute, {
  path: '/api/admin/tickets/:id/close',
  responses: { ...staffCloseTicketRoute.responses, ...errorResponses(403) },
});
