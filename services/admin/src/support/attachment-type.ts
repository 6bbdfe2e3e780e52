import type { TicketAttachmentType } from '@krom/contracts/http/support-values';
import { fileTypeFromBuffer } from 'file-type';

/** The types a ticket may carry, as file-type names them, with the extension stored. */
const allowed: Record<string, { mime: TicketAttachmentType; extension: string }> = {
  'image/jpeg': { mime: 'image/jpeg', extension: 'jpg' },
  'image/png': { mime: 'image/png', extension: 'png' },
  'image/webp': { mime: 'image/webp', extension: 'webp' },
  'image/gif': { mime: 'image/gif', extension: 'gif' },
  'application/pdf': { mime: 'application/pdf', extension: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};

/** A Word 97-2003 document is an OLE compound file holding a stream named WordDocument (names are UTF-16LE). */
const wordDocumentStream = Buffer.from('WordDocument', 'utf16le');

/**
 * What `bytes` are, read from their magic numbers (file-type), never from the file name or the
 * type the browser claimed: a JPEG, PNG, WebP or GIF image, a PDF, a .docx, or a .doc (an OLE
 * compound file only when it holds a WordDocument stream, so a spreadsheet or an installer in
 * the same container is refused). Undefined for anything else.
 */
export async function detectAttachmentType(bytes: Buffer): Promise<{ mime: TicketAttachmentType; extension: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return undefined;
  if (detected.mime === 'application/x-cfb') return bytes.includes(wordDocumentStream) ? { mime: 'application/msword', extension: 'doc' } : undefined;
  return allowed[detected.mime];
}
