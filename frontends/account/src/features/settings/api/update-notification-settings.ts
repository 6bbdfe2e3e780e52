import { updateNotificationSettings as updateNotificationSettingsEndpoint } from '@krom/contracts/api-routes';
import type { NotificationSettings, UserSettings } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsQueryKey } from './get-user-settings.ts';

/** Sends the full set of notification settings; answers all the user's settings. */
export async function updateNotificationSettings(settings: NotificationSettings): Promise<UserSettings> {
  return callEndpoint(updateNotificationSettingsEndpoint, { body: settings });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    // The answer is everything now saved, so the switches show the server's state.
    onSuccess: (saved) => queryClient.setQueryData<UserSettings>(userSettingsQueryKey, saved),
  });
}
