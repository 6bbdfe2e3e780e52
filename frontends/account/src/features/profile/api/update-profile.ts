import { type ProfileUpdateRequest, type User, userSchema } from '@krom/contracts/http/auth';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { currentUserQueryKey } from '@krom/ui-kit/current-user.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * PUT /api/auth/profile; answers the saved user. Email and phone travel along as the spec sends
 * them; the server keeps its own.
 */
export async function updateProfile(request: ProfileUpdateRequest): Promise<User> {
  const response = await apiRequest('PUT', '/api/auth/profile', request);
  return userSchema.parse(await response.json());
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
