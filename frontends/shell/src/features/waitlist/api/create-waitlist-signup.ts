import type { JoinWaitlistRequest } from '@krom/contracts/http/waitlist';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/waitlist. The screen only needs to know it worked (spec: response fields not shown). */
export async function createWaitlistSignup(request: JoinWaitlistRequest): Promise<void> {
  await apiRequest('POST', '/api/waitlist', request);
}

export function useCreateWaitlistSignup() {
  return useMutation({ mutationFn: createWaitlistSignup });
}
