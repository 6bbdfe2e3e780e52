import { type PaymentMethod, paymentMethodSchema } from '@krom/contracts/http/payments';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** POST /api/payment-methods/{id}/default: makes this number the default (the others stop being it). */
export async function setDefaultPaymentMethod(id: string): Promise<PaymentMethod> {
  const response = await apiRequest('POST', `/api/payment-methods/${encodeURIComponent(id)}/default`);
  return paymentMethodSchema.parse(await response.json());
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
