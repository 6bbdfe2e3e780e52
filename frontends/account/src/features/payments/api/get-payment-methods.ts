import { getPaymentMethods as getPaymentMethodsEndpoint } from '@krom/contracts/api-routes';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const paymentMethodsQueryKey = [getPaymentMethodsEndpoint.path] as const;

/** The user's mobile money numbers (masked), the default first. */
export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return callEndpoint(getPaymentMethodsEndpoint);
}

export function usePaymentMethods() {
  return useQuery({ queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods });
}
