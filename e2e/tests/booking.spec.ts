import { randomUUID } from 'node:crypto';
import { chromium, expect, type Page, test } from '@playwright/test';
import { baseURL, chromiumArgs, phoneViewport } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { deliveredSms } from './support/e2e-env.ts';
import { postedRideThroughApi } from './support/rides.ts';
import { writeQrCameraVideo } from './support/qr-camera-video.ts';

/**
 * Booking a seat end to end (issue 21): a passenger books 2 seats from a stop on a ride the driver
 * approves; the driver accepts from the notification; the passenger finds the booking confirmed
 * with its boarding code under My Rides, and the e-ticket in the SMS outbox; the driver boards
 * them by that code; a second passenger cancels and is told the policy before the tap (the ride leaves
 * within the day, when boarding opens: half the fare). In a second test the driver boards a
 * passenger by scanning the QR code of their code with the phone's camera (Chromium's fake
 * camera playing a video of that code).
 */

const headers = { origin: baseURL };

/** The verified driver's car and a ride Accra → Nkawkaw → Kumasi they approve each booking of, posted through the API. */
const approvalRide = (page: Page, plateDigits: string): Promise<string> =>
  postedRideThroughApi(page, {
    licensePlate: `GR-${plateDigits}-24`,
    // Within the day: passengers are boarded from 24 hours before departure.
    leavesInHours: 20,
    bookingMode: 'approval',
    stops: [{ location: 'Nkawkaw', city: 'Nkawkaw', meetingPoint: 'By the Total fuel station' }],
  });

type BookingForm = { seats: number; boardAt: number; alightAt: number; passengerName: string; passengerPhone: string };

/** A booking on `rideId` made through the API by the member signed in in `passenger`, accepted by the driver signed in in `driver`. */
async function acceptedBooking(passenger: Page, driver: Page, rideId: string, form: BookingForm) {
  const booked = await passenger.request.post('/api/bookings', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { rideId, ...form } });
  expect(booked.status(), await booked.text()).toBe(201);
  const accepted = await driver.request.post(`/api/bookings/${((await booked.json()) as { id: string }).id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

const textsTo = (phone: string) => deliveredSms().filter((sms) => sms.to === `+233${phone.slice(1)}`);

test('a passenger books 2 seats from a stop, the driver accepts and boards them by code, another passenger cancels by the policy', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Driver');
  const rideId = await approvalRide(page, driver.phone.slice(-4));

  const passengerContext = await browser.newContext();
  const passenger = await passengerContext.newPage();
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  try {
    const rider = await signUpThroughApi(passenger, 'Rider');

    await test.step('the passenger books 2 seats from Nkawkaw to Kumasi; the ride says the driver approves', async () => {
      await passenger.goto(`/ride-preview/${rideId}?seats=2&board=1&alight=2`);
      await expect(passenger.getByText('Driver approves').first()).toBeVisible();
      await passenger.getByRole('link', { name: 'Book This Ride' }).click();
      await expect(passenger).toHaveURL(new RegExp(`/book-seat/${rideId}\\?`));
      await expect(passenger.getByLabel('Where you board')).toContainText('Nkawkaw');
      await expect(passenger.getByLabel('Passenger name')).toHaveValue(`${rider.first} ${rider.last}`);
      await passenger.getByRole('button', { name: 'Confirm' }).click();
      await expect(passenger.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    });

    await test.step('the driver accepts the request from the notification', async () => {
      await page.goto('/notifications');
      const notice = page.getByRole('article').filter({ hasText: 'New booking request' }).first();
      await expect(notice).toContainText(`${rider.first} asks for 2 seats from Nkawkaw to Kumasi`);
      await notice.getByRole('button', { name: 'Accept' }).click();
      await expect(notice.getByText('Accepted')).toBeVisible();
    });

    let code = '';
    await test.step('the passenger sees the booking confirmed with its code in My Rides, and the e-ticket came by SMS', async () => {
      await passenger.goto('/my-rides');
      const booking = passenger.getByRole('listitem').filter({ hasText: 'Nkawkaw' }).first();
      await expect(booking).toContainText('Confirmed');
      const shown = booking.getByText(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
      await expect(shown).toBeVisible();
      code = (await shown.textContent()) ?? '';
      await expect.poll(() => textsTo(rider.phone).map((sms) => sms.body).find((body) => body.startsWith('Krom e-ticket'))).toContain(code);
      const ticket = textsTo(rider.phone).find((sms) => sms.body.startsWith('Krom e-ticket'))!.body;
      expect(ticket).toContain('Nkawkaw to Kumasi');
      expect(ticket).toContain(`GR-${driver.phone.slice(-4)}-24`);
    });

    await test.step('the driver boards the passenger by the code in Manage Bookings', async () => {
      await page.goto('/rides/as-driver');
      await page.getByRole('button', { name: /Manage Bookings/ }).first().click();
      await page.getByLabel('Boarding code').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: rider.first })).toContainText('Boarded');
      const answer = await passenger.request.get('/api/bookings/mine');
      expect(((await answer.json()) as { bookings: { status: string }[] }).bookings[0]?.status).toBe('boarded');
    });

    await test.step('a second passenger, confirmed, cancels and is told the policy before the tap', async () => {
      await signUpThroughApi(second, 'Second');
      await acceptedBooking(second, page, rideId, { seats: 1, boardAt: 0, alightAt: 2, passengerName: 'Kojo Second', passengerPhone: '0245550199' });

      await second.goto('/my-rides');
      await second.getByRole('button', { name: 'Cancel Booking' }).click();
      const dialog = second.getByRole('alertdialog');
      // The ride leaves within 24 hours: half the fare.
      await expect(dialog).toContainText('Less than 24 hours before departure, the policy gives back half the fare');
      await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
      await expect(second.getByText('Booking Cancelled')).toBeVisible();
      const mine = await second.request.get('/api/bookings/mine?when=past');
      expect(((await mine.json()) as { bookings: { status: string }[] }).bookings[0]?.status).toBe('cancelled_by_passenger');
    });
  } finally {
    await passengerContext.close();
    await secondContext.close();
  }
});

test("the driver boards a passenger by scanning the QR code of their boarding code with the phone's camera", async ({ page, browser }, testInfo) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Scanner');
  const rideId = await approvalRide(page, driver.phone.slice(-4));
  const passengerContext = await browser.newContext();
  const passenger = await passengerContext.newPage();
  // A browser of its own: Chromium's fake camera is chosen when the browser starts. It plays a
  // video of the passenger's code as their ticket shows it, in a loop.
  const video = testInfo.outputPath('boarding-qr.y4m');
  const camera = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const rider = await signUpThroughApi(passenger, 'Scanned');
    await acceptedBooking(passenger, page, rideId, { seats: 2, boardAt: 1, alightAt: 2, passengerName: `${rider.first} ${rider.last}`, passengerPhone: rider.phone });
    const mine = (await (await passenger.request.get('/api/bookings/mine')).json()) as { bookings: { boardingCode: string | null }[] };
    const code = mine.bookings[0]?.boardingCode;
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    writeQrCameraVideo(video, code!);

    await test.step('the driver, signed in on the phone with the camera, taps Scan QR Code in Manage Bookings', async () => {
      const phone = await camera.newContext({ baseURL, viewport: phoneViewport, permissions: ['camera'] });
      const signedIn = await phone.request.post('/api/auth/login', { headers, data: { email: driver.email, password: driver.password } });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      const screen = await phone.newPage();
      await screen.goto('/rides/as-driver');
      await screen.getByRole('button', { name: /Manage Bookings/ }).first().click();
      await screen.getByRole('button', { name: 'Scan QR Code' }).click();
      // What stays on the screen: the "boarded" line under the form goes with the form itself once
      // no confirmed passenger is left to board.
      await expect(screen.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: rider.first })).toContainText('Boarded');
    });

    await test.step('the passenger finds the booking boarded in My Rides', async () => {
      await passenger.goto('/my-rides');
      await expect(passenger.getByRole('listitem').filter({ hasText: 'Nkawkaw' }).first()).toContainText('Boarded');
    });
  } finally {
    await camera.close();
    await passengerContext.close();
  }
});
