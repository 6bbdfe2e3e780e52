import { sendPaymentMethodCode as sendPaymentMethodCodeEndpoint } from '@krom/contracts/api-routes';
import type { SuccessBody } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { ApiRequestError } from '@krom/ui-kit/api-request.ts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

export type PaymentMethodCodeSent = SuccessBody<EndpointOf<typeof sendPaymentMethodCodeEndpoint>>;

/** Texts a code to the saved number (also "Resend code"); the answer is the wait before another. */
export async function sendPaymentMethodCode(id: string): Promise<PaymentMethodCodeSent> {
  return callEndpoint(sendPaymentMethodCodeEndpoint, { params: { id } });
}

/** The seconds a 429 refusal says to wait before asking again, if it says. */
export function resendAfterSecondsOf(error: unknown): number | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  try {
    const answer: unknown = JSON.parse(error.responseText);
    const seconds = answer && typeof answer === 'object' && 'resendAfterSeconds' in answer ? answer.resendAfterSeconds : undefined;
    return typeof seconds === 'number' ? seconds : undefined;
  } catch {
    return undefined;
  }
}

export function useSendPaymentMethodCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPaymentMethodCode,
    // 409: the number was confirmed meanwhile (another tab); the list shows it so.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
    },
  });
}
