import { adminLogout, getAdminUsers, getWaitlistSignups, verifyAdminSession } from '@krom/contracts/api-routes';
import { getEmailLog, getReviewQueue, getReviewSubmission, getSmsLog } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Ends the staff session, on the server too. */
export async function logoutAdmin(): Promise<void> {
  await callEndpoint(adminLogout);
}

/** The staff area's reads, each cached under its endpoint's path. */
const adminQueryPaths = new Set<unknown>([
  verifyAdminSession.path,
  getAdminUsers.path,
  getWaitlistSignups.path,
  getReviewQueue.path,
  getReviewSubmission.path,
  getSmsLog.path,
  getEmailLog.path,
]);

export function useLogoutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    // Whatever the answer, nothing an admin saw stays in the cache after leaving.
    onSettled: () => queryClient.removeQueries({ predicate: (query) => adminQueryPaths.has(query.queryKey[0]) }),
  });
}
