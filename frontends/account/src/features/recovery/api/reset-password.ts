import { resetPassword as resetPasswordEndpoint } from '@krom/contracts/api-routes';
import type { EndpointInput } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type ResetPasswordRequest = EndpointInput<EndpointOf<typeof resetPasswordEndpoint>>['body'];

/** Only after this session verified a reset code; ends the user's sessions. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await callEndpoint(resetPasswordEndpoint, { body: request });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
