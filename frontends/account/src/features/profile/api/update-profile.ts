import { updateProfile as updateProfileEndpoint } from '@krom/contracts/api-routes';
import type { ProfileUpdateRequest, User } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { currentUserQueryKey } from '@krom/ui-kit/current-user.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Answers the saved user. Email and phone travel along as the spec sends them; the server keeps
 * its own.
 */
export async function updateProfile(request: ProfileUpdateRequest): Promise<User> {
  return callEndpoint(updateProfileEndpoint, { body: request });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The cached current user becomes the saved one: the header's avatar and name change at
    // once, without the loading state a refetch from scratch would put the page in.
    onSuccess: (saved) => queryClient.setQueryData<User | null>(currentUserQueryKey, saved),
  });
}
