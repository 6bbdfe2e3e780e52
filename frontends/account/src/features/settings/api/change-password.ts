import { changePassword as changePasswordEndpoint } from '@krom/contracts/api-routes';
import type { EndpointInput } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type ChangePasswordRequest = EndpointInput<EndpointOf<typeof changePasswordEndpoint>>['body'];

/** The server also signs the user's other devices out. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await callEndpoint(changePasswordEndpoint, { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
