import type { resendResetCodeRequestSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type ResendResetCodeRequest = z.infer<typeof resendResetCodeRequestSchema>;

/** POST /api/auth/resend-reset-code: another code to the account this session's reset started for. */
export async function resendResetCode(request: ResendResetCodeRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/resend-reset-code', request);
}

export function useResendResetCode() {
  return useMutation({ mutationFn: resendResetCode });
}
