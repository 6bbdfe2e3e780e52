import { registerUser as registerUserEndpoint } from '@krom/contracts/api-routes';
import type { RegisterRequest } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Accepted only for the phone verified in this session; signs the new user in. */
export async function registerUser(request: RegisterRequest): Promise<void> {
  await callEndpoint(registerUserEndpoint, { body: request });
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
