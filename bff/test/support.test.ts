import { randomUUID } from 'node:crypto';
import { directAccraToKumasiRide } from '@krom/contracts/examples/rides';
import { idempotencyKeyHeader } from '@krom/contracts/http/booking-values';
import { bookingSchema } from '@krom/contracts/http/bookings';
import { rideDetailsSchema } from '@krom/contracts/http/rides';
import { ticketMessages } from '@krom/contracts/http/support-values';
import { vehicleSchema } from '@krom/contracts/http/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, ticketForm } from '../../services/admin/test/support-fixtures.ts';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * Support tickets through /api: the form streamed to admin once rides has confirmed that the
 * booking or ride it names is the member's; the member's list, ticket, answer and close; the
 * attachment's link. Real rides and admin services.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['rides'] });
});
afterAll(() => system?.close());

async function signedIn(kind: 'user' | 'admin' = 'user', id: string = randomUUID()): Promise<Member> {
  // Staff who read ticket attachments hold the support role.
  const sid = await system.bff.sessions.create(kind, id, kind === 'admin' ? ['support'] : undefined);
  return { userId: id, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ [kind]: sid })) } };
}
type Member = { userId: string; cookies: Record<string, string> };
const guest: Member = { userId: '', cookies: {} };

const send = (member: Member, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  system.bff.inject({ method, url, cookies: member.cookies, headers: method === 'GET' ? headers : { origin: ORIGIN, ...headers }, ...(payload ? { payload } : {}) });

const report = { category: 'safety', subject: 'Reckless driving', description: 'The driver overtook on blind bends the whole way to Nkawkaw.' };
async function openTicket(member: Member, about: Record<string, string> = {}, files = [{ data: sampleFiles.jpeg, filename: 'dashcam.jpg', type: 'image/jpeg' }]) {
  const form = await ticketForm(report, files);
  const query = new URLSearchParams(about).toString();
  return system.bff.inject({
    method: 'POST',
    url: `/api/support/tickets${query ? `?${query}` : ''}`,
    cookies: member.cookies,
    headers: { origin: ORIGIN, ...form.headers },
    payload: form.payload,
  });
}

let plates = 0;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved driver's ride and a passenger's cash booking on it. */
async function bookedRide() {
  const driver = await signedIn();
  await system.rides!.db.$client.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, changed_at)
     VALUES ($1, 1, 'Kwame', 'Mensah', NULL, true, 'approved', true, 'approved', false, false, now())`,
    [driver.userId],
  );
  const vehicle = vehicleSchema.parse(
    (await send(driver, 'POST', '/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: `GR-${3000 + ++plates}-24`, seats: 5 })).json(),
  );
  const posted = await send(driver, 'POST', '/api/rides', { ...directAccraToKumasiRide(vehicle.id, inDays(7)), bookingMode: 'instant' });
  expect(posted.statusCode).toBe(201);
  const rideId = rideDetailsSchema.parse(posted.json()).id;
  const passenger = await signedIn();
  const booked = await send(
    passenger,
    'POST',
    '/api/bookings',
    { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Owusu', passengerPhone: '0501234567', paymentMethod: 'cash' },
    { [idempotencyKeyHeader]: randomUUID() },
  );
  expect(booked.statusCode, booked.body).toBe(201);
  return { driver, passenger, rideId, bookingId: bookingSchema.parse(booked.json()).id };
}

describe('POST /api/support/tickets', () => {
  it('opens a ticket about the member’s own booking, with its photo, and refuses a guest', async () => {
    const { passenger, bookingId, rideId } = await bookedRide();
    const opened = await openTicket(passenger, { bookingId, rideId });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ category: 'safety', status: 'open', bookingId, rideId, attachments: [{ fileName: 'dashcam.jpg', contentType: 'image/jpeg' }] });
    expect((await openTicket(guest)).statusCode).toBe(401);
  });

  it('lets a driver report their own ride', async () => {
    const { driver, rideId } = await bookedRide();
    const opened = await openTicket(driver, { rideId });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ rideId, bookingId: null });
  });

  it("refuses another member's booking and a ride the member neither drove nor booked, opening nothing", async () => {
    const { bookingId, rideId } = await bookedRide();
    const other = await signedIn();
    const notTheirBooking = await openTicket(other, { bookingId });
    expect(notTheirBooking.statusCode).toBe(400);
    expect(notTheirBooking.json().message).toBe(ticketMessages.bookingNotFound);
    const notTheirRide = await openTicket(other, { rideId });
    expect(notTheirRide.statusCode).toBe(400);
    expect(notTheirRide.json().message).toBe(ticketMessages.rideNotFound);
    expect((await send(other, 'GET', '/api/support/tickets')).json()).toEqual({ tickets: [] });
  });

  it("passes admin's refusals back in the spec's words", async () => {
    const member = await signedIn();
    const form = await ticketForm({ ...report, description: '  ' });
    const empty = await system.bff.inject({ method: 'POST', url: '/api/support/tickets', cookies: member.cookies, headers: { origin: ORIGIN, ...form.headers }, payload: form.payload });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ticketMessages.describe);
    const renamed = await openTicket(member, {}, [{ data: sampleFiles.exe, filename: 'photo.jpg', type: 'image/jpeg' }]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(ticketMessages.attachmentType);
  });
});

describe('the member’s tickets', () => {
  it('lists, shows, answers and closes the member’s ticket, serves its attachment to them and staff, and nobody else', async () => {
    const member = await signedIn();
    const ticket = (await openTicket(member)).json();
    expect((await send(member, 'GET', '/api/support/tickets')).json().tickets).toEqual([expect.objectContaining({ id: ticket.id, status: 'open' })]);
    expect((await send(member, 'GET', `/api/support/tickets/${ticket.id}`)).json().description).toBe(report.description);

    const other = await signedIn();
    expect((await send(other, 'GET', `/api/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect((await send(guest, 'GET', `/api/support/tickets/${ticket.id}`)).statusCode).toBe(401);

    const link = ticket.attachments[0].url;
    const photo = await send(member, 'GET', link);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(sampleFiles.jpeg)).toBe(true);
    expect((await send(await signedIn('admin'), 'GET', link)).statusCode).toBe(200);
    expect((await send(other, 'GET', link)).statusCode).toBe(404);
    expect((await send(guest, 'GET', link)).statusCode).toBe(401);

    const answer = await send(member, 'POST', `/api/support/tickets/${ticket.id}/messages`, { body: 'It happened near Bunso junction.' });
    expect(answer.statusCode).toBe(201);
    expect((await send(other, 'POST', `/api/support/tickets/${ticket.id}/close`)).statusCode).toBe(404);
    const closed = await send(member, 'POST', `/api/support/tickets/${ticket.id}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed', messages: [{ author: 'member', body: 'It happened near Bunso junction.' }] });
  });
});
