import { markReadResponseSchema } from '@krom/contracts/http/notifications';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { markNotificationsReadInCache } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  const response = await apiRequest('POST', '/api/notifications/read-all');
  markReadResponseSchema.parse(await response.json());
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markNotificationsReadInCache(queryClient),
  });
}
