import { type CreatePaymentMethodRequest, type PaymentMethod, paymentMethodSchema } from '@krom/contracts/http/payments';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQueryKey } from './get-payment-methods.ts';

/** POST /api/payment-methods: adds a mobile money number (the first one becomes the default). */
export async function createPaymentMethod(request: CreatePaymentMethodRequest): Promise<PaymentMethod> {
  const response = await apiRequest('POST', '/api/payment-methods', request);
  return paymentMethodSchema.parse(await response.json());
}

export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
