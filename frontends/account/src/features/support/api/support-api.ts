import { closeTicket as closeTicketEndpoint, getMyTicket, getMyTickets, openTicket as openTicketEndpoint, replyToTicket as replyEndpoint } from '@krom/contracts/api-routes';
import type { SuccessBody } from '@krom/contracts/endpoint';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import { ApiRequestError } from '@krom/ui-kit/api-request.ts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type Ticket = SuccessBody<EndpointOf<typeof getMyTicket>>;
export type TicketSummary = SuccessBody<EndpointOf<typeof getMyTickets>>['tickets'][number];

/** What the member fills in, with what the ticket is about (from the page's address) and the chosen files. */
export type TicketRequest = {
  category: string;
  subject: string;
  description: string;
  files: File[];
  about: { bookingId?: string | undefined; rideId?: string | undefined };
};

const myTicketsKey = [getMyTickets.path] as const;
const ticketKey = (id: string) => [getMyTicket.path, id] as const;

/**
 * Sends the ticket as multipart (callEndpoint sends JSON only), the booking or ride in the query.
 * The browser sets the boundary itself. A refusal throws as apiRequest's do, with the server's message.
 */
export async function openTicket({ category, subject, description, files, about }: TicketRequest): Promise<Ticket> {
  const form = new FormData();
  form.append('category', category);
  form.append('subject', subject);
  form.append('description', description);
  for (const file of files) form.append('attachments', file, file.name);
  const query = new URLSearchParams(Object.entries(about).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  const response = await fetch(`${openTicketEndpoint.path}${query ? `?${query}` : ''}`, {
    method: openTicketEndpoint.method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, await response.text());
  return (await response.json()) as Ticket;
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: openTicket, onSuccess: () => queryClient.invalidateQueries({ queryKey: myTicketsKey }) });
}

export const useMyTickets = () => useQuery(queryOptions({ queryKey: myTicketsKey, queryFn: () => callEndpoint(getMyTickets) }));

export const useTicket = (id: string) => useQuery(queryOptions({ queryKey: ticketKey(id), queryFn: () => callEndpoint(getMyTicket, { params: { id } }) }));

/** The member's answer; the ticket is read again (its status may have gone back to staff). */
export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => callEndpoint(replyEndpoint, { params: { id }, body: { body } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ticketKey(id) }), queryClient.invalidateQueries({ queryKey: myTicketsKey })]),
  });
}

export function useCloseTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(closeTicketEndpoint, { params: { id } }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      return queryClient.invalidateQueries({ queryKey: myTicketsKey });
    },
  });
}
