import { updatePaymentMethod as updatePaymentMethodEndpoint } from '@krom/contracts/api-routes';
import type { PaymentMethod, UpdatePaymentMethodRequest } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** A new network and/or a new number for a saved method. */
export async function updatePaymentMethod({ id, ...changes }: UpdatePaymentMethodRequest & { id: string }): Promise<PaymentMethod> {
  return callEndpoint(updatePaymentMethodEndpoint, { params: { id }, body: changes });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
