import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  myTicketsSchema,
  ticketAttachmentLinkQuerySchema,
  ticketAttachmentParams,
  ticketLinksSchema,
  ticketMessageSchema,
  ticketParams,
  ticketReplySchema,
  ticketSchema,
} from '../../http/support.ts';

/**
 * The admin service's support tickets, member side. The BFF asserts the member and has already
 * confirmed with rides that a booking or ride named on the form is theirs. A ticket and its
 * attachments are read by its member or staff; another member is told it does not exist.
 */
export const openTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/support/tickets',
  caller: 'user',
  // The multipart form (ticketFormFields: text fields, then up to 5 files) is read as it streams in.
  summary: 'Opens a ticket from the multipart form of POST /api/support/tickets, attachments judged by their bytes',
  consumes: ['multipart/form-data'],
  query: ticketLinksSchema,
  responses: { 201: ticketSchema, ...errorResponses(400, 401, 413, 429) },
});

export const myTicketsRoute = defineEndpoint({
  method: 'GET',
  path: '/support/tickets',
  caller: 'user',
  summary: "The asserted member's tickets, most recently active first",
  responses: { 200: myTicketsSchema, ...errorResponses(401) },
});

export const readTicketRoute = defineEndpoint({
  method: 'GET',
  path: '/support/tickets/:id',
  caller: ['user', 'staff'],
  roles: ['support'],
  summary: 'One ticket with its attachments (short-lived links) and conversation, to its member or staff',
  params: ticketParams,
  responses: { 200: ticketSchema, ...errorResponses(401, 404) },
});

export const replyToTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/support/tickets/:id/messages',
  caller: 'user',
  summary: "The member answers in their ticket's conversation (a ticket waiting on them goes back to staff)",
  params: ticketParams,
  body: ticketReplySchema,
  responses: { 201: ticketMessageSchema, ...errorResponses(400, 401, 404, 409) },
});

export const closeTicketRoute = defineEndpoint({
  method: 'POST',
  path: '/support/tickets/:id/close',
  caller: 'user',
  summary: 'The member closes their ticket (closing a closed ticket changes nothing)',
  params: ticketParams,
  responses: { 200: ticketSchema, ...errorResponses(401, 404) },
});

export const readTicketAttachmentRoute = defineEndpoint({
  method: 'GET',
  path: '/support/attachments/:id',
  caller: ['user', 'staff'],
  roles: ['support'],
  summary: "An attachment's bytes, to the ticket's member or staff, with an unexpired signed link",
  params: ticketAttachmentParams,
  query: ticketAttachmentLinkQuerySchema,
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 403, 404),
  },
});
