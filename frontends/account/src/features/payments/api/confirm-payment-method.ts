import { confirmPaymentMethod as confirmPaymentMethodEndpoint } from '@krom/contracts/api-routes';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** Checks the texted code; the answer is the method, now confirmed. */
export async function confirmPaymentMethod({ id, code }: { id: string; code: string }): Promise<PaymentMethod> {
  return callEndpoint(confirmPaymentMethodEndpoint, { params: { id }, body: { code } });
}

export function useConfirmPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPaymentMethod,
    // 409 (the number changed meanwhile) also means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
