import type { RegisterRequest } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/register: accepted only for the phone verified in this session; signs the new user in. */
export async function registerUser(request: RegisterRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/register', request);
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
