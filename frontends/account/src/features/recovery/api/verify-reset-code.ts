import { verifyResetCode as verifyResetCodeEndpoint } from '@krom/contracts/api-routes';
import type { EndpointInput } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type VerifyResetCodeRequest = EndpointInput<EndpointOf<typeof verifyResetCodeEndpoint>>['body'];

/** On success this session may set a new password. */
export async function verifyResetCode(request: VerifyResetCodeRequest): Promise<void> {
  await callEndpoint(verifyResetCodeEndpoint, { body: request });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
