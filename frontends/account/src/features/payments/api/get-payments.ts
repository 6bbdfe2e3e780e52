import { type PaymentsResponse, paymentsResponseSchema } from '@krom/contracts/http/payments';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const paymentsQueryKey = ['/api/payments'] as const;

/** GET /api/payments: every payment of the signed-in user, newest first, and this month's totals. */
export async function getPayments(): Promise<PaymentsResponse> {
  return paymentsResponseSchema.parse(await getJson(paymentsQueryKey[0]));
}

export function usePayments() {
  return useQuery({ queryKey: paymentsQueryKey, queryFn: getPayments });
}
