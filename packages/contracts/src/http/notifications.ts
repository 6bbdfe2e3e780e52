import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';

/** In-app notification types, as the screen's tabs group them. */
export const notificationTypes = ['ride_request', 'booking', 'payment', 'system'] as const;

export const notificationSchema = z.object({
  id: uuid,
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  isRead: z.boolean(),
  actionRequired: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, with the badges' counts. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  actionRequiredCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * The SSE event name a new notification arrives under: GET /api/notifications/stream sends one
 * such event, carrying a Notification, each time one is created for the signed-in user.
 */
export const notificationStreamEvent = 'notification';

/** Another user's notification, or none: the same 404, so ids are not confirmed. */
export const notificationErrors = { notFound: 'Notification not found' } as const;

/**
 * The `data.kind` of a driver's notice of a booking request: its `data.bookingId` is the booking
 * the notifications screen's Accept and Decline answer (POST /api/bookings/:id/accept | decline).
 */
export const bookingRequestNoticeKind = 'booking_request';

/** The booking a notification asks its reader to accept or decline, if it is a booking request. */
export function bookingToAnswer(notification: Pick<Notification, 'data'>): string | undefined {
  const data = notification.data;
  return data?.kind === bookingRequestNoticeKind && typeof data.bookingId === 'string' ? data.bookingId : undefined;
}
