import { deleteAccount as deleteAccountEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Erases the account's personal data and ends every session of it. */
export async function deleteAccount(): Promise<void> {
  await callEndpoint(deleteAccountEndpoint);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
