import { type PaymentMethod, paymentMethodListSchema } from '@krom/contracts/http/payments';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const paymentMethodsQueryKey = ['/api/payment-methods'] as const;

/** GET /api/payment-methods: the user's mobile money numbers (masked), the default first. */
export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return paymentMethodListSchema.parse(await getJson(paymentMethodsQueryKey[0]));
}

export function usePaymentMethods() {
  return useQuery({ queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods });
}
