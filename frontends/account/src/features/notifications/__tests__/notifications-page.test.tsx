import type { Notification, NotificationList } from '@krom/contracts/http/notifications';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { headingOrderSkips } from '@krom/ui-kit/testing/heading-order.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { FakeEventSource } from '@krom/ui-kit/testing/fake-event-source.ts';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/notifications-page.tsx'), 30_000);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aNotification(overrides: Partial<Notification>): Notification {
  return {
    id: crypto.randomUUID(),
    type: 'system',
    title: 'Welcome to Krom',
    message: 'Your account is ready.',
    data: null,
    isRead: false,
    actionRequired: false,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

const welcome = aNotification({ title: 'Welcome to Krom', message: 'Your account is ready.', createdAt: minutesAgo(3 * 24 * 60) });
const passwordChanged = aNotification({ title: 'Password changed', message: 'Your password was changed.', isRead: true, createdAt: minutesAgo(120) });
const bookingId = crypto.randomUUID();
// A driver's notice of a booking request, as the notifications service writes it.
const rideRequest = aNotification({
  type: 'ride_request',
  title: 'New ride request',
  message: 'Kofi wants a seat from Accra to Kumasi.',
  actionRequired: true,
  data: { kind: 'booking_request', bookingId, rideId: crypto.randomUUID(), link: '/rides/as-driver' },
  createdAt: minutesAgo(5),
});
const payment = aNotification({ type: 'payment', title: 'Payment received', message: 'GH₵ 120.00 for your ride to Cape Coast.', createdAt: minutesAgo(30) });

/** The booking as the driver's answer leaves it (cash: accepting confirms it). */
const answeredBooking = (status: 'confirmed' | 'declined') => ({
  id: bookingId,
  status,
  seats: 1,
  board: { index: 0, location: 'Circle', city: 'Accra', meetingPoint: null },
  alight: { index: 1, location: 'Kejetia', city: 'Kumasi', meetingPoint: null },
  totalAmount: '120.00',
  currency: 'GHS',
  paymentMethod: 'cash',
  passengerFirstName: 'Kofi',
  specialRequests: null,
  expiresAt: null,
  createdAt: minutesAgo(5),
});

/** A notifications service that keeps read state, counting as the real one does. */
function openNotifications(items: Notification[] = [rideRequest, payment, passwordChanged, welcome], answers: Parameters<typeof mockApi>[0] = {}) {
  let stored = items.map((item) => ({ ...item }));
  const list = (): NotificationList => ({
    items: stored,
    unreadCount: stored.filter((item) => !item.isRead).length,
    actionRequiredCount: stored.filter((item) => item.actionRequired && !item.isRead).length,
  });
  const routesHere: Record<string, Parameters<typeof mockApi>[0][string]> = {
    'GET /api/auth/user': { status: 200, body: aUser() },
    'GET /api/notifications': () => ({ status: 200, body: list() }),
    'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
    'POST /api/notifications/read-all': () => {
      stored = stored.map((item) => ({ ...item, isRead: true }));
      return { status: 200, body: { ok: true } };
    },
    ...answers,
  };
  for (const item of items) {
    routesHere[`POST /api/notifications/${item.id}/read`] = () => {
      stored = stored.map((candidate) => (candidate.id === item.id ? { ...candidate, isRead: true } : candidate));
      return { status: 200, body: { ok: true } };
    };
  }
  const api = mockApi(routesHere);
  const view = renderRoutes(routes, '/notifications');
  return { api, ...view, addOnServer: (item: Notification) => (stored = [item, ...stored]) };
}

const titles = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const article = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
const bell = () => screen.getByRole('link', { name: /^Notifications/ });

describe('/notifications', () => {
  beforeEach(() => FakeEventSource.install());

  it('lists the notifications newest first with the unread and action-required counts', async () => {
    openNotifications();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('3 Unread')).toBeTruthy();
    expect(screen.getByText('1 Action Required')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(bell().getAttribute('href')).toBe('/notifications');
    expect(titles()).toEqual(['New ride request', 'Payment received', 'Password changed', 'Welcome to Krom']);
    // Each item's title is a heading right under the page's (axe: heading-order).
    expect(screen.getByRole('heading', { level: 2, name: 'New ride request' })).toBeTruthy();
    expect(headingOrderSkips()).toEqual([]);

    const request = article('New ride request');
    expect(within(request).getByText('Kofi wants a seat from Accra to Kumasi.')).toBeTruthy();
    expect(within(request).getByText('5 minutes ago')).toBeTruthy();
    expect(within(request).getByText('Unread')).toBeTruthy();
    expect(within(request).getByText('Action Required')).toBeTruthy();
    expect(within(request).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(request).getByRole('button', { name: 'Decline' })).toBeTruthy();
    const icons = screen.getAllByRole('article').map((item) => item.querySelector('[data-type]') as HTMLElement);
    expect(icons.map((icon) => [icon.dataset.type, getComputedStyle(icon).color])).toEqual([
      ['ride_request', 'rgb(27, 99, 214)'],
      ['payment', 'rgb(138, 90, 0)'],
      ['system', 'rgb(85, 99, 91)'],
      ['system', 'rgb(85, 99, 91)'],
    ]);

    const read = article('Password changed');
    expect(within(read).getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(within(read).queryByText('Unread')).toBeNull();
    expect(within(read).getByText('2 hours ago')).toBeTruthy();
    expect(within(article('Welcome to Krom')).getByText('3 days ago')).toBeTruthy();
  });

  it('filters by type with the tabs', async () => {
    const { user } = openNotifications();
    const tabs = await screen.findByRole('combobox', { name: 'Notification types' });
    expect(within(tabs).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Ride Requests',
      'Bookings',
      'Payments',
      'System',
    ]);
    await user.selectOptions(tabs, 'Payments');
    expect(titles()).toEqual(['Payment received']);
    await user.selectOptions(tabs, 'System');
    expect(titles()).toEqual(['Password changed', 'Welcome to Krom']);
    await user.selectOptions(tabs, 'Ride Requests');
    expect(titles()).toEqual(['New ride request']);
    await user.selectOptions(tabs, 'Bookings');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No notifications yet')).toBeTruthy();
  });

  it('marks an unread item read when it is tapped, and the counts follow', async () => {
    const { api, user } = openNotifications();
    await user.click(await screen.findByRole('button', { name: 'Payment received' }));
    await waitFor(() => expect(within(article('Payment received')).getByRole('img', { name: 'Read' })).toBeTruthy());
    expect(api.callsTo('POST', `/api/notifications/${payment.id}/read`)).toHaveLength(1);
    expect(screen.getByText('2 Unread')).toBeTruthy();
    expect(screen.getByText('1 Action Required')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(within(article('Payment received')).queryByText('Unread')).toBeNull();
  });

  it("opens the screen a notification points at (a matched ride's details) and marks it read; never another site", async () => {
    const matched = aNotification({
      type: 'ride_request',
      title: 'A ride matches your request',
      message: 'A ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM has 3 seats at GH₵120.00 each.',
      data: { rideId: 'r1', link: '/ride-preview/r1' },
    });
    const elsewhere = aNotification({ title: 'Odd link', data: { link: '//evil.example/steal' } });
    const { api, user } = openNotifications([matched, elsewhere]);
    await screen.findByRole('heading', { name: 'Odd link' });
    expect(within(article('Odd link')).queryByRole('link', { name: 'View details' })).toBeNull();
    const view = within(article('A ride matches your request')).getByRole('link', { name: 'View details' });
    expect(view.getAttribute('href')).toBe('/ride-preview/r1');
    await user.click(view);
    await waitFor(() => expect(api.callsTo('POST', `/api/notifications/${matched.id}/read`)).toHaveLength(1));
  });

  it('Accept accepts the booking request for real, then says so and leaves the notice read', async () => {
    const { api, user } = openNotifications(undefined, { [`POST /api/bookings/${bookingId}/accept`]: { status: 200, body: answeredBooking('confirmed') } });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await findToast()).toEqual({ text: "Booking acceptedKofi's booking is confirmed.", destructive: false });
    expect(api.callsTo('POST', `/api/bookings/${bookingId}/accept`)).toHaveLength(1);
    expect(api.callsTo('POST', `/api/bookings/${bookingId}/decline`)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('POST', `/api/notifications/${rideRequest.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('0 Action Required')).toBeTruthy());
    const card = article('New ride request');
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(within(card).getByText('Accepted')).toBeTruthy();
  });

  it('Decline declines the booking request and tells the driver the passenger was told', async () => {
    const { api, user } = openNotifications(undefined, { [`POST /api/bookings/${bookingId}/decline`]: { status: 200, body: answeredBooking('declined') } });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await findToast()).toEqual({ text: 'Booking declinedKofi has been told.', destructive: false });
    expect(api.callsTo('POST', `/api/bookings/${bookingId}/decline`)).toHaveLength(1);
    expect(api.callsTo('POST', `/api/bookings/${bookingId}/accept`)).toHaveLength(0);
    await waitFor(() => expect(within(article('New ride request')).getByText('Declined')).toBeTruthy());
    expect(within(article('New ride request')).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('says why a request can no longer be answered (it lapsed, or was answered elsewhere), and takes its buttons away', async () => {
    const { api, user } = openNotifications(undefined, {
      [`POST /api/bookings/${bookingId}/accept`]: { status: 409, body: { message: 'This request can no longer be accepted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await findToast()).toEqual({ text: 'ErrorThis request can no longer be accepted', destructive: true });
    await waitFor(() => expect(api.callsTo('POST', `/api/notifications/${rideRequest.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(within(article('New ride request')).queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(within(article('New ride request')).queryByText('Accepted')).toBeNull();
  });

  it('keeps the buttons and the notice unread when the answer could not be sent', async () => {
    const { api, user } = openNotifications(undefined, { [`POST /api/bookings/${bookingId}/accept`]: { status: 503, body: { message: 'Service unavailable' } } });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await findToast()).toEqual({ text: 'ErrorService unavailable', destructive: true });
    expect(api.callsTo('POST', `/api/notifications/${rideRequest.id}/read`)).toHaveLength(0);
    expect((within(article('New ride request')).getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no Accept or Decline on an action-required notice that is not a booking request', async () => {
    const rejected = aNotification({ title: 'Identity verification declined', actionRequired: true, data: { link: '/verify-identity' } });
    openNotifications([rejected]);
    await screen.findByRole('heading', { name: 'Identity verification declined' });
    expect(within(article('Identity verification declined')).getByText('Action Required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('marks everything read at once', async () => {
    const { api, user } = openNotifications();
    await user.click(await screen.findByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(screen.getByText('0 Unread')).toBeTruthy());
    expect(api.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByText('0 Action Required')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Read' })).toHaveLength(4);
    expect(screen.queryByText('Unread')).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark All as Read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('says "No notifications yet" when there are none', async () => {
    openNotifications([]);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText('0 Unread')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark All as Read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a new notification as soon as the stream brings it, without reloading', async () => {
    const { api } = openNotifications([passwordChanged]);
    await screen.findByText('0 Unread');
    const stream = await FakeEventSource.current();
    expect(stream.url).toBe('/api/notifications/stream');
    act(() => stream.emit('open'));

    const booking = aNotification({ type: 'booking', title: 'Booking confirmed', message: 'Your seat to Tamale is booked.', createdAt: new Date().toISOString() });
    act(() => stream.emit('notification', JSON.stringify(booking)));
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeTruthy();
    expect(titles()).toEqual(['Booking confirmed', 'Password changed']);
    expect(within(article('Booking confirmed')).getByText('Just now')).toBeTruthy();
    expect(screen.getByText('1 Unread')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(1);
  });

  it('ignores a pushed event that does not match the contract, and still shows the next good one in order', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openNotifications([passwordChanged]);
    await screen.findByText('0 Unread');
    const stream = await FakeEventSource.current();
    act(() => stream.emit('open'));

    const booking = aNotification({ type: 'booking', title: 'Booking confirmed', message: 'Your seat to Tamale is booked.', createdAt: new Date().toISOString() });
    act(() => stream.emit('notification', JSON.stringify({ ...booking, title: 'Not a notification', type: 'no-such-type' })));
    act(() => stream.emit('notification', JSON.stringify(booking)));
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeTruthy();
    expect(titles()).toEqual(['Booking confirmed', 'Password changed']);
    expect(warn).toHaveBeenCalledWith('Ignored a notification event that does not match the contract.', expect.anything());
    warn.mockRestore();
  });

  it('reads the list again after the stream reconnects, catching what it missed', async () => {
    const { api, addOnServer } = openNotifications([passwordChanged]);
    await screen.findByText('0 Unread');
    const stream = await FakeEventSource.current();
    act(() => stream.emit('open'));
    addOnServer(aNotification({ title: 'Sent while offline', createdAt: minutesAgo(1) }));
    act(() => stream.emit('open'));
    expect(await screen.findByRole('heading', { name: 'Sent while offline' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(2);
  });

  it("has the page's side menu without My Vehicles", async () => {
    const { user } = openNotifications();
    await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: 'Find a Ride' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'My Vehicles' })).toBeNull();
  });
});
