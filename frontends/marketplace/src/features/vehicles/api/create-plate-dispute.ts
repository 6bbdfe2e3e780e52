import { createPlateDispute as createPlateDisputeEndpoint } from '@krom/contracts/api-routes';
import type { PlateDispute, PlateDisputeInput } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Disputes a licence plate another member registered: staff see it in the admin area. */
export async function createPlateDispute(dispute: PlateDisputeInput): Promise<PlateDispute> {
  return callEndpoint(createPlateDisputeEndpoint, { body: dispute });
}

export function useCreatePlateDispute() {
  return useMutation({ mutationFn: createPlateDispute });
}
