import { currentUserQueryKey } from '@krom/ui-kit/current-user.ts';
import type { QueryClient } from '@tanstack/react-query';
import { myVerificationQueryKey } from './get-my-verification.ts';

/**
 * After a submission the statuses change (pending): the current user is fetched again in the
 * background so the profile card says Pending Approval. Invalidated rather than reset: a reset
 * would put the signed-in page back in its loading state and take the success dialog with it.
 */
export function refreshAfterSubmission(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: myVerificationQueryKey }),
  ]).then(() => undefined);
}
