import { requestPasswordReset as requestPasswordResetEndpoint } from '@krom/contracts/api-routes';
import type { SuccessBody } from '@krom/contracts/endpoint';
import type { ForgotPasswordRequest } from '@krom/contracts/http/auth';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type PasswordResetResponse = SuccessBody<EndpointOf<typeof requestPasswordResetEndpoint>>;

/**
 * Sends the method and the e-mail address or phone number. The answer is the same whether or not
 * an account matched, so it never confirms an address.
 */
export async function requestPasswordReset(request: ForgotPasswordRequest): Promise<PasswordResetResponse> {
  return callEndpoint(requestPasswordResetEndpoint, { body: request });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
