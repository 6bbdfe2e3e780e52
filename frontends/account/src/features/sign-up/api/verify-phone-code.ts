import { verifyPhoneCode as verifyPhoneCodeEndpoint } from '@krom/contracts/api-routes';
import type { EndpointInput } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type VerifyPhoneCodeRequest = EndpointInput<EndpointOf<typeof verifyPhoneCodeEndpoint>>['body'];

/** On success the BFF remembers, in this session, that the phone is verified. */
export async function verifyPhoneCode(request: VerifyPhoneCodeRequest): Promise<void> {
  await callEndpoint(verifyPhoneCodeEndpoint, { body: request });
}

export function useVerifyPhoneCode() {
  return useMutation({ mutationFn: verifyPhoneCode });
}
