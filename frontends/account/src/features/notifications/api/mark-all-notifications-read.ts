import { markAllNotificationsRead as markAllNotificationsReadEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { markNotificationsReadInCache } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Marks every notification of the user read. */
export async function markAllNotificationsRead(): Promise<void> {
  await callEndpoint(markAllNotificationsReadEndpoint);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markNotificationsReadInCache(queryClient),
  });
}
