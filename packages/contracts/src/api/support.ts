import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  myTicketsSchema,
  ticketAttachmentLinkQuerySchema,
  ticketAttachmentParams,
  ticketFormSchema,
  ticketLinksSchema,
  ticketMessageSchema,
  ticketParams,
  ticketReplySchema,
  ticketSchema,
} from '../http/support.ts';

/**
 * Support tickets as the signed-in member uses them (/support, /report-ride, My tickets): the
 * form streamed through to admin once the BFF has confirmed with rides that the booking or ride
 * named in the query is the member's, their tickets, the conversation, and the attachments
 * through short-lived links (to the member or staff).
 */
export const openTicket = defineEndpoint({
  method: 'POST',
  path: '/api/support/tickets',
  caller: 'user',
  summary: 'Opens a support ticket (multipart: category, subject, description, attachments; ?bookingId= one of the member’s bookings, ?rideId= a ride they drove or booked)',
  query: ticketLinksSchema,
  body: ticketFormSchema,
  consumes: ['multipart/form-data'],
  responses: { 201: ticketSchema, ...errorResponses(400, 401, 403, 413, 429) },
});

export const getMyTickets = defineEndpoint({
  method: 'GET',
  path: '/api/support/tickets',
  caller: 'user',
  summary: "The member's support tickets with their status, most recently active first",
  responses: { 200: myTicketsSchema, ...errorResponses(401) },
});

export const getMyTicket = defineEndpoint({
  method: 'GET',
  path: '/api/support/tickets/:id',
  caller: 'user',
  summary: "One of the member's tickets with its attachments' links and the conversation",
  params: ticketParams,
  responses: { 200: ticketSchema, ...errorResponses(401, 404) },
});

export const replyToTicket = defineEndpoint({
  method: 'POST',
  path: '/api/support/tickets/:id/messages',
  caller: 'user',
  summary: 'The member answers in their ticket’s conversation',
  params: ticketParams,
  body: ticketReplySchema,
  responses: { 201: ticketMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const closeTicket = defineEndpoint({
  method: 'POST',
  path: '/api/support/tickets/:id/close',
  caller: 'user',
  summary: 'The member closes their ticket',
  params: ticketParams,
  responses: { 200: ticketSchema, ...errorResponses(401, 403, 404, 429) },
});

export const getTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/api/support/attachments/:id',
  caller: ['user', 'staff'],
  roles: ['support'],
  summary: "A ticket's attachment through its signed link, to the ticket's member or staff; 403 once the link has expired",
  params: ticketAttachmentParams,
  query: ticketAttachmentLinkQuerySchema,
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 403, 404),
  },
});
