import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/logout. */
export async function logoutAdmin(): Promise<void> {
  await apiRequest('POST', '/api/admin/logout');
}

export function useLogoutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    // Whatever the answer, nothing an admin saw stays in the cache after leaving.
    onSettled: () =>
      queryClient.removeQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/'),
      }),
  });
}
