import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';

export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/auth/change-password. The server also signs the user's other devices out. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/change-password', request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
