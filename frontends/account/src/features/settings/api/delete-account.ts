import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';

/** DELETE /api/user: erases the account's personal data and ends every session of it. */
export async function deleteAccount(): Promise<void> {
  await apiRequest('DELETE', '/api/user');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
