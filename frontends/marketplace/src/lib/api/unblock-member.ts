import { unblockMember as unblockMemberEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Lifts the signed-in member's block of `memberId`: each sees the other's rides again and may book them. */
export async function unblockMember(memberId: string): Promise<void> {
  await callEndpoint(unblockMemberEndpoint, { params: { id: memberId } });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  // The member's profile, rides and searches shown while blocked hold less than they now may: read again.
  return useMutation({ mutationFn: unblockMember, onSuccess: () => queryClient.invalidateQueries() });
}
