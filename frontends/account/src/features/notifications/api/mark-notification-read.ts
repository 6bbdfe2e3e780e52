import { markReadResponseSchema } from '@krom/contracts/http/notifications';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { markNotificationsReadInCache } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<void> {
  const response = await apiRequest('POST', `/api/notifications/${encodeURIComponent(id)}/read`);
  markReadResponseSchema.parse(await response.json());
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_answer, id) => markNotificationsReadInCache(queryClient, [id]),
  });
}
