import { deletePaymentMethod as deletePaymentMethodEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** Removing the default moves it to the newest remaining number. */
export async function deletePaymentMethod(id: string): Promise<void> {
  await callEndpoint(deletePaymentMethodEndpoint, { params: { id } });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
