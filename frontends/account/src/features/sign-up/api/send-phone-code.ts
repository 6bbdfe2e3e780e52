import { sendPhoneCode as sendPhoneCodeEndpoint } from '@krom/contracts/api-routes';
import type { EndpointInput, SuccessBody } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type SendPhoneCodeRequest = EndpointInput<EndpointOf<typeof sendPhoneCodeEndpoint>>['body'];
export type SendPhoneCodeResponse = SuccessBody<EndpointOf<typeof sendPhoneCodeEndpoint>>;

/** A sign-up code by SMS, and how long until another may be asked for. */
export async function sendPhoneCode(request: SendPhoneCodeRequest): Promise<SendPhoneCodeResponse> {
  return callEndpoint(sendPhoneCodeEndpoint, { body: request });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
