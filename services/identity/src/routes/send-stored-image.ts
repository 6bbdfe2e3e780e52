import type { FastifyReply } from 'fastify';
import type { StoredObject } from '@krom/server-kit/object-store/port';

/**
 * Sends stored image bytes as they are, never to be read as anything but an image (nosniff, a
 * sandboxing CSP). The typed reply of an endpoint only knows the document's string for them.
 */
export function sendStoredImage(reply: unknown, object: StoredObject, cacheControl: string) {
  return (reply as FastifyReply)
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(object.body);
}
