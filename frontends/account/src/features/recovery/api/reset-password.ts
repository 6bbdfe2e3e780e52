import type { resetPasswordRequestSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/auth/reset-password: only after this session verified a reset code; ends the user's sessions. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/reset-password', request);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
