import { getPayments as getPaymentsEndpoint } from '@krom/contracts/api-routes';
import type { PaymentsResponse } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const paymentsQueryKey = [getPaymentsEndpoint.path] as const;

/** Every payment of the signed-in user, newest first, and this month's totals. */
export async function getPayments(): Promise<PaymentsResponse> {
  return callEndpoint(getPaymentsEndpoint);
}

export function usePayments() {
  return useQuery({ queryKey: paymentsQueryKey, queryFn: getPayments });
}
