import type { storedImageTypes } from '@krom/contracts/http/auth';
import { fileTypeFromBuffer } from 'file-type';

/** The image types a profile photo may be, by what the bytes are, with the extension stored. */
const allowed: Record<(typeof storedImageTypes)[number], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * The image type of `bytes` read from their magic numbers, never from the file name or the
 * type the browser claimed; undefined for anything that is not a JPEG, PNG, WebP or GIF.
 */
export async function detectImageType(bytes: Buffer): Promise<{ mime: string; extension: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  const extension = detected ? allowed[detected.mime as keyof typeof allowed] : undefined;
  return detected && extension ? { mime: detected.mime, extension } : undefined;
}
