import type { MemberReportOrigin } from '@krom/contracts/http/member-safety';
import { type TicketCategory, type TicketPriority, type TicketStatus, ticketCategories, ticketPriorities, ticketStatuses } from '@krom/contracts/http/support-values';

/** Staff's words for where a ticket stands (the member's list says "Awaiting your reply"). */
export const staffStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  in_review: 'In review',
  awaiting_member: 'Awaiting member',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const staffCategoryLabels: Record<TicketCategory, string> = {
  general: 'General',
  booking: 'Booking',
  payment: 'Payment',
  safety: 'Safety',
  technical: 'Technical',
};

/** Where a member report was made from, as the ticket page names it. */
export const reportSourceLabels: Record<MemberReportOrigin, string> = { profile: 'Profile', booking: 'Booking', review: 'Review', message: 'Message' };

export const priorityLabels: Record<TicketPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };

/** The queue's filters as the selects offer them; '' is "any" (for status: all but closed). */
export const statusFilterOptions = [{ value: '', label: 'All but closed' }, ...ticketStatuses.map((value) => ({ value, label: staffStatusLabels[value] }))];
export const categoryFilterOptions = [{ value: '', label: 'Any category' }, ...ticketCategories.map((value) => ({ value, label: staffCategoryLabels[value] }))];
export const priorityFilterOptions = [{ value: '', label: 'Any priority' }, ...ticketPriorities.map((value) => ({ value, label: priorityLabels[value] }))];
export const priorityOptions = ticketPriorities.map((value) => ({ value, label: priorityLabels[value] }));

/** The ticket's age as staff read it in the queue: minutes, hours or days. */
export function ageOf(createdAt: string, now = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
