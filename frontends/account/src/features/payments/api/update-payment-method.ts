import { type PaymentMethod, paymentMethodSchema, type UpdatePaymentMethodRequest } from '@krom/contracts/http/payments';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** PUT /api/payment-methods/{id}: a new network and/or a new number for a saved method. */
export async function updatePaymentMethod({ id, ...changes }: UpdatePaymentMethodRequest & { id: string }): Promise<PaymentMethod> {
  const response = await apiRequest('PUT', `/api/payment-methods/${encodeURIComponent(id)}`, changes);
  return paymentMethodSchema.parse(await response.json());
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
