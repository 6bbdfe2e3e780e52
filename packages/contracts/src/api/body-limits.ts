import { maxImageBytes, uploadErrors } from '../http/auth.ts';
import { maxTicketAttachmentBytes, maxTicketAttachments, ticketMessages } from '../http/support-values.ts';
import { maxVerificationFormBytes } from '../http/verification.ts';
import { openTicket } from './support.ts';
import { uploadImage } from './uploads.ts';
import { submitDriverVerification, submitIdentityVerification } from './verification.ts';

/** The most a request body may hold, and what a caller sending more is told (413). */
export type BodyLimit = { bytes: number; message: string };

/** Every JSON body, at /api and at each service: Fastify's default limit, stated once so every hop refuses alike. */
export const jsonBodyLimit: BodyLimit = { bytes: 1024 * 1024, message: 'Request body is too large' };

/** The upload's multipart form: the 5 MB image and room for the form's boundaries and small fields. */
export const uploadFormLimit: BodyLimit = { bytes: maxImageBytes + 64 * 1024, message: uploadErrors.tooLarge };

/** The verification forms: up to four photos of 5 MB each (each photo is also held to 5 MB). */
export const verificationFormLimit: BodyLimit = { bytes: maxVerificationFormBytes, message: uploadErrors.tooLarge };
const verificationFormPaths = new Set<string>([submitIdentityVerification.path, submitDriverVerification.path]);

/** The support ticket's form: up to five files of 5 MB and its text fields. */
export const ticketFormLimit: BodyLimit = { bytes: maxTicketAttachments * maxTicketAttachmentBytes + 64 * 1024, message: ticketMessages.attachmentSize };

/**
 * The limit on a request to /api by its method, path (the query ignored) and Content-Type: the
 * upload's when it is the upload's multipart form, JSON's otherwise (identity reads any other
 * body at the upload with the JSON limit). The web server in front and the BFF refuse a bigger
 * body before a byte goes on, as the service behind would after reading a megabyte of it.
 */
export function apiBodyLimit(method: string, url: string, contentType = ''): BodyLimit {
  const path = url.split('?', 1)[0];
  const isForm = contentType.trimStart().toLowerCase().startsWith('multipart/form-data');
  if (!isForm || method !== 'POST') return jsonBodyLimit;
  if (path === uploadImage.path) return uploadFormLimit;
  if (path === openTicket.path) return ticketFormLimit;
  return path !== undefined && verificationFormPaths.has(path) ? verificationFormLimit : jsonBodyLimit;
}
