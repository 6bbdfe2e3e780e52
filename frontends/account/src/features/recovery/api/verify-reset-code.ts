import type { verifyResetOtpRequestSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type VerifyResetCodeRequest = z.infer<typeof verifyResetOtpRequestSchema>;

/** POST /api/auth/verify-reset-otp. On success this session may set a new password. */
export async function verifyResetCode(request: VerifyResetCodeRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/verify-reset-otp', request);
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
