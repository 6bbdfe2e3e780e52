import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';

/** Marks a ticket that is the case of a member's report of another member. */
export const MemberReportTag = () => (
  <StatusBadge tone="danger" size="sm">
    Member report
  </StatusBadge>
);
