import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';

/** The staff area's mark beside the brand. */
export const AdminTag = () => (
  <StatusBadge tone="success" size="md">
    Admin
  </StatusBadge>
);
