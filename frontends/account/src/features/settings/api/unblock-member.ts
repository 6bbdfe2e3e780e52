import { unblockMember as unblockMemberEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myBlocksQueryKey } from './get-my-blocks.ts';

/** Lifts the signed-in member's block of `memberId`: each sees the other's rides again and may book them. */
export async function unblockMember(memberId: string): Promise<void> {
  await callEndpoint(unblockMemberEndpoint, { params: { id: memberId } });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: myBlocksQueryKey }) });
}
