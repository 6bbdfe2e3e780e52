import { getPaymentReceipt as getPaymentReceiptEndpoint } from '@krom/contracts/api-routes';
import type { PaymentReceipt } from '@krom/contracts/http/payment-receipts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

/** A payment's receipt; only its passenger may read it (anyone else gets 404). */
export async function getPaymentReceipt(id: string, signal?: AbortSignal): Promise<PaymentReceipt> {
  return callEndpoint(getPaymentReceiptEndpoint, { params: { id }, signal });
}

export function usePaymentReceipt(id: string) {
  return useQuery({ queryKey: [getPaymentReceiptEndpoint.path, id], queryFn: ({ signal }) => getPaymentReceipt(id, signal) });
}
