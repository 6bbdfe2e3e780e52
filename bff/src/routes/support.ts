import { closeTicket, getMyTicket, getMyTickets, getTicketAttachment, openTicket, replyToTicket } from '@krom/contracts/api/support';
import { ticketLinksSchema } from '@krom/contracts/http/support';
import { ticketMessages } from '@krom/contracts/http/support-values';
import { getBookingRoute, rideBookingsRoute } from '@krom/contracts/services/rides/bookings';
import {
  closeTicketRoute,
  myTicketsRoute,
  openTicketRoute,
  readTicketAttachmentRoute,
  readTicketRoute,
  replyToTicketRoute,
} from '@krom/contracts/services/admin/support-tickets';
import { HttpError, validationError } from '@krom/server-kit/errors';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, forward, type ServiceDirectory } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';
import { userOrStaffCaller } from './verification.ts';

/** Rides' 404 (not the member's, or no such booking or ride) as the form's message; any other refusal as it is. */
async function theirs<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(400, message, [{ field: message === ticketMessages.bookingNotFound ? 'bookingId' : 'rideId', message }]);
    throw error;
  }
}

/**
 * What a ticket is about must be the member's own, as rides knows it: a booking they made (rides
 * answers it only to its passenger), and a ride that is that booking's or one they drive (rides
 * lists a ride's bookings only to its driver). Admin keeps no copy of either and trusts this.
 */
export function confirmTicketLinks(directory: ServiceDirectory) {
  return async (request: FastifyRequest, caller: Caller) => {
    const parsed = ticketLinksSchema.safeParse(request.query ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const { bookingId, rideId } = parsed.data;
    const booking = bookingId
      ? await theirs(() => callService(request, directory, { service: 'rides', to: getBookingRoute, caller, params: { id: bookingId } }), ticketMessages.bookingNotFound)
      : undefined;
    if (rideId && booking?.rideId !== rideId) {
      await theirs(() => callService(request, directory, { service: 'rides', to: rideBookingsRoute, caller, params: { id: rideId } }), ticketMessages.rideNotFound);
    }
  };
}

/**
 * Support tickets, member side: the form streamed to admin (no bigger than `ticketFormLimit`)
 * once its booking or ride is confirmed as the member's, their tickets and conversation, and the
 * attachments through their signed links (the member's own, or staff's).
 */
export async function supportRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'admin' as const, caller: requireUserCaller };
  const writing = { ...asUser, rateLimit: memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: openTicket, to: openTicketRoute, check: confirmTicketLinks(directory) });
  await forward(app, directory, { ...asUser, endpoint: getMyTickets, to: myTicketsRoute });
  await forward(app, directory, { ...asUser, endpoint: getMyTicket, to: readTicketRoute });
  await forward(app, directory, { ...writing, endpoint: replyToTicket, to: replyToTicketRoute });
  await forward(app, directory, { ...writing, endpoint: closeTicket, to: closeTicketRoute });
  await forward(app, directory, { service: 'admin', caller: userOrStaffCaller(readTicketAttachmentRoute.roles), endpoint: getTicketAttachment, to: readTicketAttachmentRoute });
}
