/** A verification status as staff read it (the search's columns, the member page's account). */
const verificationLabels: Record<string, string> = {
  not_submitted: 'Not submitted',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
export const verificationLabel = (status: string) => verificationLabels[status] ?? status;

/** A member's page in the staff area. */
export const memberPath = (id: string) => `/admin/members/${id}`;
