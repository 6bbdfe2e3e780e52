import {
  claimStaffTicket,
  closeStaffTicket,
  getStaffTicket,
  getStaffTickets,
  noteOnStaffTicket,
  replyToStaffTicket,
  resolveStaffTicket,
  setStaffTicketPriority,
} from '@krom/contracts/api-routes';
import type { StaffTicket, StaffTicketQueueQuery } from '@krom/contracts/http/staff-tickets';
import type { TicketPriority } from '@krom/contracts/http/support-values';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every queue view, whatever its filters: what any change to a ticket makes out of date. */
export const ticketQueueQueryKey = [getStaffTickets.path] as const;

/** The queue: safety first, then oldest first; all but closed unless a status is chosen. */
export function useTicketQueue(query: StaffTicketQueueQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...ticketQueueQueryKey, query] as const,
      queryFn: ({ signal }) => callEndpoint(getStaffTickets, { query, signal }),
      staleTime: 0,
    }),
  );
}

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [getStaffTicket.path, id] as const,
    queryFn: ({ signal }) => callEndpoint(getStaffTicket, { params: { id }, signal }),
    // Attachment links last 5 minutes and another member of staff may claim meanwhile.
    staleTime: 0,
  });

export function useStaffTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}

export type TicketAction =
  | { kind: 'claim' }
  | { kind: 'reply'; body: string }
  | { kind: 'note'; body: string }
  | { kind: 'priority'; priority: TicketPriority }
  | { kind: 'resolve' }
  | { kind: 'close' };

async function act(id: string, action: TicketAction): Promise<unknown> {
  const params = { id };
  switch (action.kind) {
    case 'claim':
      return callEndpoint(claimStaffTicket, { params });
    case 'reply':
      return callEndpoint(replyToStaffTicket, { params, body: { body: action.body } });
    case 'note':
      return callEndpoint(noteOnStaffTicket, { params, body: { body: action.body } });
    case 'priority':
      return callEndpoint(setStaffTicketPriority, { params, body: { priority: action.priority } });
    case 'resolve':
      return callEndpoint(resolveStaffTicket, { params });
    case 'close':
      return callEndpoint(closeStaffTicket, { params });
  }
}

/** Any staff action on the ticket; afterwards (done or refused, e.g. claimed meanwhile: 409) the ticket and queue are read again. */
export function useTicketAction(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = ticketQueryOptions(id);
  return useMutation({
    mutationFn: (action: TicketAction) => act(id, action),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: ticketQueueQueryKey })]),
  });
}

export type { StaffTicket };
