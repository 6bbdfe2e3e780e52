import type { FastifyReply } from 'fastify';
import type { StoredObject } from './port.ts';

/**
 * Sends stored bytes as they are, never to be read as anything but their stored type (nosniff, a
 * sandboxing CSP); `download` names the file and asks the browser to save it rather than show it
 * (documents). The typed reply of an endpoint only knows the document's string for them.
 */
export function sendStoredObject(reply: unknown, object: StoredObject, cacheControl: string, download?: string) {
  const sending = (reply as FastifyReply)
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (download) sending.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download)}`);
  return sending.send(object.body);
}
