import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';

/*
 * The admin area's Members tab (issue 24): staff find a member by a part of their name, their
 * phone (local or international form) or their e-mail address, for every staff role.
 */

/** Members a search answers at most. */
export const memberSearchLimit = 20;

export const memberSearchMessages = {
  query: 'Enter at least 2 characters of a name, phone number or e-mail address',
} as const;

/** GET /api/admin/members?q=: a name (part), a phone or an e-mail address. */
export const memberSearchQuerySchema = z.object({
  q: z.string({ error: memberSearchMessages.query }).trim().min(2, memberSearchMessages.query).max(200, memberSearchMessages.query),
});
export type MemberSearchQuery = z.input<typeof memberSearchQuerySchema>;

/** One member found, as staff see them in the results. */
export const memberSearchResultSchema = z.object({
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: isoDateTime,
  verificationStatus: z.string(),
  driverVerificationStatus: z.string(),
  deleted: z.boolean(),
  /** Suspended by trust and safety (cannot sign in) until the suspension is lifted. */
  suspended: z.boolean(),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const memberSearchSchema = z.object({ members: z.array(memberSearchResultSchema) });
export type MemberSearch = z.infer<typeof memberSearchSchema>;
