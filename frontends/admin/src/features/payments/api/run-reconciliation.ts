import { runReconciliation as runReconciliationEndpoint } from '@krom/contracts/api-routes';
import type { Reconciliation } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getLatestReconciliationQueryOptions } from './get-latest-reconciliation.ts';

/** Runs the reconciliation (the books, and the last 30 days' payments read again at the gateway) and answers its result. */
export async function runReconciliation(): Promise<Reconciliation> {
  return callEndpoint(runReconciliationEndpoint);
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (reconciliation) => queryClient.setQueryData(getLatestReconciliationQueryOptions().queryKey, { reconciliation }),
  });
}
