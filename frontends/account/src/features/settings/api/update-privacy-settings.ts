import { type PrivacySettings, type UserSettings, userSettingsSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsQueryKey } from './get-user-settings.ts';

/** PUT /api/user/privacy with the full set of privacy settings; answers all the user's settings. */
export async function updatePrivacySettings(settings: PrivacySettings): Promise<UserSettings> {
  const response = await apiRequest('PUT', '/api/user/privacy', settings);
  return userSettingsSchema.parse(await response.json());
}

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    // The answer is everything now saved, so the switches show the server's state.
    onSuccess: (saved) => queryClient.setQueryData<UserSettings>(userSettingsQueryKey, saved),
  });
}
