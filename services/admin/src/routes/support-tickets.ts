import multipart from '@fastify/multipart';
import { ticketFieldsSchema } from '@krom/contracts/http/support';
import { maxTicketAttachmentBytes, maxTicketAttachments, ticketFormFields, ticketMessages } from '@krom/contracts/http/support-values';
import {
  closeTicketRoute,
  myTicketsRoute,
  openTicketRoute,
  readTicketAttachmentRoute,
  readTicketRoute,
  replyToTicketRoute,
} from '@krom/contracts/services/admin/support-tickets';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError, validationError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import { sendStoredObject } from '@krom/server-kit/object-store/send-stored';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { closeTicket, myTickets, openTicket, readAttachment, readTicket, replyToTicket, type SentFile, type SupportDeps } from '../support/tickets.ts';

const textFields = new Set<string>([ticketFormFields.category, ticketFormFields.subject, ticketFormFields.description]);

/**
 * Reads the ticket form as it streams in: its text fields and up to 5 files of 5 MB (counted as
 * they arrive; a sixth file or a larger one stops the reading). A file input left empty (no name,
 * no bytes) is no attachment.
 */
async function readTicketForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: SentFile[] }> {
  if (!request.isMultipart()) throw new HttpError(400, ticketMessages.describe);
  const fields: Record<string, string> = {};
  const files: SentFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== ticketFormFields.attachments || (bytes.length === 0 && !part.filename)) continue;
        files.push({ fileName: part.filename, bytes });
      } else if (textFields.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ticketMessages.attachmentSize, [{ field: 'attachments', message: ticketMessages.attachmentSize }]);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, ticketMessages.attachmentCount, [{ field: 'attachments', message: ticketMessages.attachmentCount }]);
    if (((error as { statusCode?: number }).statusCode ?? 500) < 500) throw new HttpError(400, ticketMessages.failed);
    // Everything else here is a form that cannot be read (no boundary, cut short): the caller's, not ours.
    throw new HttpError(400, ticketMessages.failed);
  }
  return { fields, files };
}

/** Support tickets, member side: open one (with attachments), list and read them, answer, close. */
export async function supportTicketRoutes(app: FastifyInstance, deps: SupportDeps) {
  await app.register(multipart, { limits: { fileSize: maxTicketAttachmentBytes, files: maxTicketAttachments, fields: 10, fieldSize: 16 * 1024, parts: 16 } });

  routeEndpoint(app, openTicketRoute, {
    handler: async (request, reply) => {
      const memberId = requireUser(request);
      const form = await readTicketForm(request);
      const parsed = ticketFieldsSchema.safeParse(form.fields);
      if (!parsed.success) throw validationError(parsed.error);
      return reply.status(201).send(await openTicket(deps, memberId, { ...parsed.data, ...request.query }, form.files));
    },
  });

  routeEndpoint(app, myTicketsRoute, {
    handler: async (request) => myTickets(deps.db, requireUser(request)),
  });

  routeEndpoint(app, readTicketRoute, {
    handler: async (request) => readTicket(deps, request.caller, request.params.id),
  });

  routeEndpoint(app, replyToTicketRoute, {
    handler: async (request, reply) => reply.status(201).send(await replyToTicket(deps, requireUser(request), request.params.id, request.body.body)),
  });

  routeEndpoint(app, closeTicketRoute, {
    handler: async (request) => closeTicket(deps, requireUser(request), request.params.id),
  });

  routeEndpoint(app, readTicketAttachmentRoute, {
    handler: async (request, reply) => {
      const object = await readAttachment(deps, request.caller, request.params.id, request.query);
      // Images show in the page; documents are saved, never opened in the site's origin. Never cached: the link expires.
      const download = object.contentType.startsWith('image/') ? undefined : `attachment-${request.params.id}`;
      return sendStoredObject(reply, object, 'private, no-store', download);
    },
  });
}
