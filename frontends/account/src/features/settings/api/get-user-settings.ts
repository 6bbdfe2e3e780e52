import { type UserSettings, userSettingsSchema } from '@krom/contracts/http/auth';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const userSettingsQueryKey = ['/api/user/settings'] as const;

/** GET /api/user/settings: the saved notification and privacy toggles. */
export async function getUserSettings(): Promise<UserSettings> {
  return userSettingsSchema.parse(await getJson(userSettingsQueryKey[0]));
}

export function useUserSettings() {
  return useQuery({ queryKey: userSettingsQueryKey, queryFn: getUserSettings });
}
