import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { staffTicketPrioritySchema, staffTicketQueueQuerySchema, staffTicketQueueSchema, staffTicketSchema, staffTicketMessageSchema } from '../../http/staff-tickets.ts';
import { ticketParams, ticketReplySchema } from '../../http/support.ts';

/*
 * The admin service's staff queue of support tickets (caller staff, as every staff route is
 * declared). A ticket one member of staff claimed refuses the others' replies, notes and status
 * changes (409) until it is theirs.
 */

export const staffTicketQueueRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/tickets',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'The ticket queue: safety first, then oldest first; by status (default: all but closed), category and priority',
  query: staffTicketQueueQuerySchema,
  responses: { 200: staffTicketQueueSchema, ...errorResponses(400, 401) },
});

export const staffTicketRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/tickets/:id',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'One ticket with its member, booking and ride, attachments (short-lived links) and the whole conversation with internal notes',
  params: ticketParams,
  responses: { 200: staffTicketSchema, ...errorResponses(401, 404) },
});

export const claimTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/claim',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'Claims the ticket for the calling staff member (an open ticket goes in review); claimed by another: 409',
  params: ticketParams,
  responses: { 200: staffTicketSchema, ...errorResponses(401, 404, 409) },
});

export const staffReplyRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/replies',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'Answers the member (the ticket awaits them and they are told in the app and by SMS or e-mail)',
  params: ticketParams,
  body: ticketReplySchema,
  responses: { 201: staffTicketMessageSchema, ...errorResponses(400, 401, 404, 409) },
});

export const staffNoteRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/notes',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'An internal note on the ticket, for staff only (never shown to the member)',
  params: ticketParams,
  body: ticketReplySchema,
  responses: { 201: staffTicketMessageSchema, ...errorResponses(400, 401, 404, 409) },
});

export const ticketPriorityRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/priority',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: "Changes the ticket's priority",
  params: ticketParams,
  body: staffTicketPrioritySchema,
  responses: { 200: staffTicketSchema, ...errorResponses(400, 401, 404, 409) },
});

export const resolveTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/resolve',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'Marks the ticket resolved (the member may still reply, which reopens it)',
  params: ticketParams,
  responses: { 200: staffTicketSchema, ...errorResponses(401, 404, 409) },
});

export const staffCloseTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/tickets/:id/close',
  caller: 'staff',
  roles: ['support', 'trust_safety'],
  summary: 'Closes the ticket (nobody writes in it any more; closing it again changes nothing)',
  params: ticketParams,
  responses: { 200: staffTicketSchema, ...errorResponses(401, 404, 409) },
});
