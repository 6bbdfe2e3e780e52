import { type NotificationSettings, type UserSettings, userSettingsSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsQueryKey } from './get-user-settings.ts';

/** PUT /api/user/notifications with the full set of notification settings; answers all the user's settings. */
export async function updateNotificationSettings(settings: NotificationSettings): Promise<UserSettings> {
  const response = await apiRequest('PUT', '/api/user/notifications', settings);
  return userSettingsSchema.parse(await response.json());
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    // The answer is everything now saved, so the switches show the server's state.
    onSuccess: (saved) => queryClient.setQueryData<UserSettings>(userSettingsQueryKey, saved),
  });
}
