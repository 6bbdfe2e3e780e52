import { markNotificationRead as markNotificationReadEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { markNotificationsReadInCache } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Marks one notification read. */
export async function markNotificationRead(id: string): Promise<void> {
  await callEndpoint(markNotificationReadEndpoint, { params: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_answer, id) => markNotificationsReadInCache(queryClient, [id]),
  });
}
