import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * A shared trip (issue 23): a passenger with a confirmed seat (cash, on an instant ride) shares
 * their trip from My Rides; a browser that is signed out opens the link and sees the route, the
 * driver's first name, the car and its plate; once the passenger taps I've arrived, the link says
 * it has ended.
 */

const headers = { origin: baseURL };

test('a passenger shares their trip and a signed-out browser follows the link until they arrive', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'ShareDriver');
  const plate = `GR-${driver.phone.slice(-4)}-23`;
  const rideId = await postedRideThroughApi(page, { licensePlate: plate, leavesInHours: 20, bookingMode: 'instant', stops: [] });

  const passengerContext = await browser.newContext();
  const guestContext = await browser.newContext();
  // An emergency contact on a basic phone: no JavaScript at all.
  const basicPhoneContext = await browser.newContext({ javaScriptEnabled: false });
  try {
    const passenger = await passengerContext.newPage();
    await signUpThroughApi(passenger, 'Sharer');
    const booked = await passenger.request.post('/api/bookings', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Sharer', passengerPhone: '0244123456' },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    let link = '';
    await test.step('the passenger shares the trip from My Rides and gets its link', async () => {
      await passenger.goto('/my-rides');
      const booking = passenger.getByRole('listitem').filter({ hasText: 'Confirmed' }).first();
      await booking.getByRole('button', { name: 'Share my trip' }).click();
      const field = booking.getByRole('textbox', { name: 'Trip link' });
      await expect(field).toHaveValue(/\/trip\/[\w-]{43}$/);
      link = new URL(await field.inputValue()).pathname;
    });

    const guest = await guestContext.newPage();
    await test.step('a signed-out browser opens the link and sees the trip', async () => {
      await guest.goto(link);
      await expect(guest.getByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeVisible();
      const main = guest.getByRole('main');
      await expect(main).toContainText('Not started yet');
      await expect(main).toContainText(driver.first);
      await expect(main).toContainText('Toyota');
      await expect(main).toContainText(plate);
      await expect(main).not.toContainText(driver.last);
      await expect(main).not.toContainText('Sharer');
    });

    await test.step('a phone without JavaScript gets the trip in the page’s HTML', async () => {
      const basicPhone = await basicPhoneContext.newPage();
      await basicPhone.goto(link);
      await expect(basicPhone.getByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeVisible();
      const main = basicPhone.getByRole('main');
      await expect(main).toContainText('Not started yet');
      await expect(main).toContainText(driver.first);
      await expect(main).toContainText(plate);
    });

    await test.step("the passenger taps I've arrived, and the link has ended", async () => {
      const booking = passenger.getByRole('listitem').filter({ hasText: 'Confirmed' }).first();
      await booking.getByRole('button', { name: "I've arrived" }).click();
      await expect(booking.getByRole('button', { name: 'Share my trip' })).toBeVisible();
      await guest.reload();
      await expect(guest.getByText('This trip link has ended.')).toBeVisible();
    });
  } finally {
    await passengerContext.close();
    await guestContext.close();
    await basicPhoneContext.close();
  }
});
