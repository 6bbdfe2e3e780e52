import { deletePaymentMethodResponseSchema } from '@krom/contracts/http/payments';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** DELETE /api/payment-methods/{id}. Removing the default moves it to the newest remaining number. */
export async function deletePaymentMethod(id: string): Promise<void> {
  const response = await apiRequest('DELETE', `/api/payment-methods/${encodeURIComponent(id)}`);
  deletePaymentMethodResponseSchema.parse(await response.json());
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
