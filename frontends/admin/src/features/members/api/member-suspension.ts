import { liftMemberSuspension as liftEndpoint, suspendMember as suspendEndpoint } from '@krom/contracts/api-routes';
import type { MemberSuspension } from '@krom/contracts/http/suspensions';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMemberPageQueryOptions } from './get-member-page.ts';
import { getSearchMembersQueryOptions } from './search-members.ts';

/** Suspends the member with the reason staff give (409 when already suspended). */
export async function suspendMember(id: string, reason: string): Promise<MemberSuspension> {
  return callEndpoint(suspendEndpoint, { params: { id }, body: { reason } });
}

/** Lifts the member's suspension (409 when not suspended). */
export async function liftMemberSuspension(id: string): Promise<MemberSuspension> {
  return callEndpoint(liftEndpoint, { params: { id } });
}

/**
 * Suspending or lifting, then the member page read again, whether it worked or not (a 409 means
 * the member's state moved meanwhile), and the searches, which mark suspended members.
 */
export function useMemberSuspension(id: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getMemberPageQueryOptions(id).queryKey }),
      queryClient.invalidateQueries({ queryKey: getSearchMembersQueryOptions('').queryKey.slice(0, 1) }),
    ]);
  const suspend = useMutation({ mutationFn: (reason: string) => suspendMember(id, reason), onSettled: refresh });
  const lift = useMutation({ mutationFn: () => liftMemberSuspension(id), onSettled: refresh });
  return { suspend, lift };
}
