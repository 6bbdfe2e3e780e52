import { getUserSettings as getUserSettingsEndpoint } from '@krom/contracts/api-routes';
import type { UserSettings } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const userSettingsQueryKey = [getUserSettingsEndpoint.path] as const;

/** The saved notification and privacy toggles. */
export async function getUserSettings(): Promise<UserSettings> {
  return callEndpoint(getUserSettingsEndpoint);
}

export function useUserSettings() {
  return useQuery({ queryKey: userSettingsQueryKey, queryFn: getUserSettings });
}
