import type { LoginRequest } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/login. The BFF starts a new session; the screen then re-reads the current user. */
export async function signInUser(request: LoginRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/login', request);
}

export function useSignInUser() {
  return useMutation({ mutationFn: signInUser });
}
