import { createPaymentMethod as createPaymentMethodEndpoint } from '@krom/contracts/api-routes';
import type { CreatePaymentMethodRequest, PaymentMethod } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** Adds a mobile money number (the first one becomes the default). */
export async function createPaymentMethod(request: CreatePaymentMethodRequest): Promise<PaymentMethod> {
  return callEndpoint(createPaymentMethodEndpoint, { body: request });
}

export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
