import { blockMember as blockMemberEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Blocks `memberId`: neither sees the other's rides nor books them (confirmed bookings stay). */
export async function blockMember(memberId: string): Promise<void> {
  await callEndpoint(blockMemberEndpoint, { body: { memberId } });
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  // Searches and lists shown before the block may hold the member's rides: read again.
  return useMutation({ mutationFn: blockMember, onSuccess: () => queryClient.invalidateQueries() });
}
