import type { submitDriverVerification, submitIdentityVerification } from '@krom/contracts/api-routes';
import type { SuccessBody } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { ApiRequestError } from '@krom/ui-kit/api-request.ts';

type VerificationEndpoint = typeof submitIdentityVerification | typeof submitDriverVerification;
export type SubmissionReceipt = SuccessBody<EndpointOf<typeof submitIdentityVerification>>;

/**
 * Sends a verification form as multipart (callEndpoint sends JSON only). Same-origin with the
 * session cookie; the browser sets the multipart boundary itself, so no Content-Type is given.
 * A refusal throws as apiRequest's do, so the toast can show the server's message. The answer
 * is read as callEndpoint reads one (the BFF serialised it with the endpoint's schema).
 */
export async function postVerificationForm(endpoint: VerificationEndpoint, form: FormData): Promise<SubmissionReceipt> {
  const response = await fetch(endpoint.path, {
    method: endpoint.method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, await response.text());
  return (await response.json()) as SubmissionReceipt;
}

/** Appends the photos that were chosen; an empty slot is left out (photos are optional). */
export function appendPhotos(form: FormData, photos: Record<string, File | null>): void {
  for (const [field, file] of Object.entries(photos)) {
    if (file) form.append(field, file, file.name);
  }
}
