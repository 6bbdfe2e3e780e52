import { VerificationReviewPage } from '../features/verification-review/components/verification-review-page.tsx';
import { useAdminName } from './use-admin-name.ts';

/** /admin/verifications/:id, with who decided named from the staff accounts (their id until those load). */
export function VerificationReviewRoute() {
  return <VerificationReviewPage adminName={useAdminName()} />;
}
