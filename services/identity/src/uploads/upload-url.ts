import { uploadPublicIdPattern } from '@krom/contracts/http/auth';

/** Where the browser fetches an upload: through the BFF, which checks who is asking. */
export const uploadUrl = (publicId: string) => `/api/uploads/${publicId}`;

/** The public id in an upload URL this service made, or undefined for anything else. */
export function publicIdFromUrl(url: string | null | undefined): string | undefined {
  const match = url ? /^\/api\/uploads\/([^/?#]+)$/.exec(url) : null;
  const publicId = match?.[1];
  return publicId && uploadPublicIdPattern.test(publicId) ? publicId : undefined;
}
