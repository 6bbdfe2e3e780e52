import { updatePrivacySettings as updatePrivacySettingsEndpoint } from '@krom/contracts/api-routes';
import type { PrivacySettings, UserSettings } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsQueryKey } from './get-user-settings.ts';

/** Sends the full set of privacy settings; answers all the user's settings. */
export async function updatePrivacySettings(settings: PrivacySettings): Promise<UserSettings> {
  return callEndpoint(updatePrivacySettingsEndpoint, { body: settings });
}

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    // The answer is everything now saved, so the switches show the server's state.
    onSuccess: (saved) => queryClient.setQueryData<UserSettings>(userSettingsQueryKey, saved),
  });
}
