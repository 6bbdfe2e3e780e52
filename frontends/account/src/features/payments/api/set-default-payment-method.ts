import { setDefaultPaymentMethod as setDefaultPaymentMethodEndpoint } from '@krom/contracts/api-routes';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** Makes this number the default (the others stop being it). */
export async function setDefaultPaymentMethod(id: string): Promise<PaymentMethod> {
  return callEndpoint(setDefaultPaymentMethodEndpoint, { params: { id } });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
