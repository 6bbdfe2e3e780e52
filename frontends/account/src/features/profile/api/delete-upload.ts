import { deleteUploadedImage } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';

/** Removes an upload of the user's that nothing uses. */
export async function deleteUpload(publicId: string): Promise<void> {
  await callEndpoint(deleteUploadedImage, { body: { publicId } });
}

/** Best effort: a photo left behind costs storage, not correctness, so a failure is only logged. */
export function discardUpload(publicId: string): void {
  deleteUpload(publicId).catch((error: unknown) => console.warn('Delete failed', error));
}
