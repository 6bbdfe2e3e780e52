import { apiRequest } from '@krom/ui-kit/api-request.ts';

/** DELETE /api/upload {publicId}: removes an upload of the user's that nothing uses. */
export async function deleteUpload(publicId: string): Promise<void> {
  await apiRequest('DELETE', '/api/upload', { publicId });
}

/** Best effort: a photo left behind costs storage, not correctness, so a failure is only logged. */
export function discardUpload(publicId: string): void {
  deleteUpload(publicId).catch((error: unknown) => console.warn('Delete failed', error));
}
