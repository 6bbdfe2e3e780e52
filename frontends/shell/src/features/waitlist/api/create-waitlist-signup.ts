import { joinWaitlist } from '@krom/contracts/api-routes';
import type { JoinWaitlistRequest } from '@krom/contracts/http/waitlist';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** The screen only needs to know it worked (spec: response fields not shown). */
export async function createWaitlistSignup(request: JoinWaitlistRequest): Promise<void> {
  await callEndpoint(joinWaitlist, { body: request });
}

export function useCreateWaitlistSignup() {
  return useMutation({ mutationFn: createWaitlistSignup });
}
