import { uploadImage as uploadImageEndpoint } from '@krom/contracts/api-routes';
import { maxImageBytes, storedImageTypes, uploadErrors, uploadFormFields, uploadResponseSchema } from '@krom/contracts/http/auth';
import { useCallback, useState } from 'react';

export type UploadedImage = { url: string; publicId: string };
export type ImageUploadType = 'profile';

/** What file inputs for photos offer: the types the server stores. */
export const imageInputAccept = storedImageTypes.join(',');

/**
 * The spec's checks before anything is sent: an image type (one the server stores: a HEIC or SVG
 * would only be refused at Submit), at most 5 MB.
 */
export function imageFileProblem(file: File): string | null {
  if (!(storedImageTypes as readonly string[]).includes(file.type)) return uploadErrors.notImage;
  if (file.size > maxImageBytes) return uploadErrors.tooLarge;
  return null;
}

/** The spec's internal upload messages; a server's own message wins over "Upload failed". */
export const uploadFailures = {
  invalidResponse: 'Invalid response format',
  failed: 'Upload failed',
  network: 'Network error',
} as const;

/**
 * The server refused the file itself (not an image, or too big) rather than the upload failing:
 * the spec titles that "Invalid Image", as when the browser's own check refuses it.
 */
export class ImageRefusedError extends Error {
  override name = 'ImageRefusedError';
}

const refusesTheFile = (status: number, message: string | undefined) =>
  status === 413 || status === 415 || (status === 400 && message === uploadErrors.notImage);

/** The toast title for a failed upload, as the spec names it. */
export function uploadFailureTitle(error: unknown): 'Invalid Image' | 'Upload Failed' {
  return error instanceof ImageRefusedError ? 'Invalid Image' : 'Upload Failed';
}

/**
 * The upload endpoint's multipart form {image, type, userId}, reporting progress (0-100). Uses
 * XMLHttpRequest because fetch cannot report upload progress. Same-origin, so the session
 * cookie goes with it. Resolves with the stored image's URL and public id.
 */
export function uploadImage(
  file: File,
  fields: { type: ImageUploadType; userId: string },
  onProgress: (percent: number) => void = () => {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append(uploadFormFields.file, file);
    form.append(uploadFormFields.kind, fields.type);
    form.append('userId', fields.userId);

    const request = new XMLHttpRequest();
    request.open(uploadImageEndpoint.method, uploadImageEndpoint.path);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new Error(uploadFailures.network));
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        const message = messageOf(body);
        if (refusesTheFile(request.status, message)) {
          reject(new ImageRefusedError(message ?? (request.status === 413 ? uploadErrors.tooLarge : uploadErrors.notImage)));
        } else {
          reject(new Error(message ?? uploadFailures.failed));
        }
        return;
      }
      const parsed = uploadResponseSchema.safeParse(body);
      if (!parsed.success) {
        reject(new Error(uploadFailures.invalidResponse));
        return;
      }
      onProgress(100);
      resolve(parsed.data);
    };
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim() !== '') {
    return body.message;
  }
  return undefined;
}

/** An upload with its progress as React state: `progress` is null when no upload is running. */
export function useImageUpload(fields: { type: ImageUploadType; userId: string }) {
  const [progress, setProgress] = useState<number | null>(null);
  const { type, userId } = fields;
  const upload = useCallback(
    async (file: File) => {
      setProgress(0);
      try {
        return await uploadImage(file, { type, userId }, setProgress);
      } finally {
        setProgress(null);
      }
    },
    [type, userId],
  );
  return { upload, progress };
}
