import { type ForgotPasswordRequest, forgotPasswordResponseSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type PasswordResetResponse = z.infer<typeof forgotPasswordResponseSchema>;

/**
 * POST /api/auth/forgot-password with the method and the e-mail address or phone number. The
 * answer is the same whether or not an account matched, so it never confirms an address.
 */
export async function requestPasswordReset(request: ForgotPasswordRequest): Promise<PasswordResetResponse> {
  const response = await apiRequest('POST', '/api/auth/forgot-password', request);
  return forgotPasswordResponseSchema.parse(await response.json());
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
