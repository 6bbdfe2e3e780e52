import { signIn } from '@krom/contracts/api-routes';
import type { LoginRequest } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** The BFF starts a new session; the screen then re-reads the current user. */
export async function signInUser(request: LoginRequest): Promise<void> {
  await callEndpoint(signIn, { body: request });
}

export function useSignInUser() {
  return useMutation({ mutationFn: signInUser });
}
