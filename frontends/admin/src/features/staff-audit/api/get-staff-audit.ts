import { getStaffAudit as getStaffAuditEndpoint } from '@krom/contracts/api-routes';
import type { StaffAuditEntry } from '@krom/contracts/http/staff-audit';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** The filters as the tab keeps them in the address: a staff member, an action, a target, and days (Ghana's, yyyy-MM-dd). */
export const staffAuditFilterKeys = ['actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type StaffAuditFilters = Partial<Record<(typeof staffAuditFilterKeys)[number], string>>;

/** Entries per page. */
export const staffAuditPageSize = 50;

/** Ghana keeps GMT all year, so its day starts and ends at UTC midnight. */
const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;
type StaffAuditPage = { entries: StaffAuditEntry[]; nextCursor?: string | null };

/** One page of the log, newest first; `before` (the page before's `nextCursor`) asks for the page after it. */
export async function getStaffAudit(filters: StaffAuditFilters, before?: string, signal?: AbortSignal): Promise<StaffAuditPage> {
  const query: Record<string, string> = { limit: String(staffAuditPageSize) };
  for (const key of ['actorId', 'action', 'targetType', 'targetId'] as const) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  if (filters.from) query.from = startOfDay(filters.from);
  if (filters.to) query.to = endOfDay(filters.to);
  if (before) query.before = before;
  return callEndpoint(getStaffAuditEndpoint, { query, signal });
}

export function getStaffAuditQueryOptions(filters: StaffAuditFilters) {
  return infiniteQueryOptions({
    queryKey: [getStaffAuditEndpoint.path, filters] as const,
    queryFn: ({ pageParam, signal }) => getStaffAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: StaffAuditPage) => page.nextCursor ?? undefined,
    // The log is read to see what just happened: opening it again reads it again.
    staleTime: 0,
  });
}

export function useStaffAudit(filters: StaffAuditFilters) {
  return useInfiniteQuery(getStaffAuditQueryOptions(filters));
}
