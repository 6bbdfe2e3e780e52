import { getPaymentMethods as getPaymentMethodsEndpoint } from '@krom/contracts/api-routes';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

/** The member's saved mobile money numbers (GET /api/payment-methods), masked, the default first. */
export const getSavedWallets = (signal?: AbortSignal): Promise<PaymentMethod[]> => callEndpoint(getPaymentMethodsEndpoint, { signal });

/**
 * The saved numbers the booking form offers to pay from. The list is masked, so a booking names
 * the one chosen by id and the server pays from its full number; when the list cannot be read the
 * form simply asks for a number, as for a member with none saved.
 */
export function useSavedWallets() {
  return useQuery({ queryKey: [getPaymentMethodsEndpoint.path], queryFn: ({ signal }) => getSavedWallets(signal), retry: false, staleTime: 60_000 });
}
