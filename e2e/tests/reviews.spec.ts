import { expect, type Locator, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';
import { departureMovedIntoThePast } from './support/trip-over.ts';

/**
 * Reviews both ways (issue 23) after a trip: the passenger books a ride that leaves in 2 hours
 * and takes 1 minute, the driver boards them by their code; the trip's time is not waited out but
 * written: the test moves the ride's departure into the past in the e2e system's rides database
 * (support/trip-over.ts), and the e2e system's sweeps complete it as its planned end has passed
 * (e2eMoneyTimings in support/e2e-env.ts). The
 * passenger rates the driver from My Rides, the driver each passenger from /rate-riders; neither
 * review shows on /all-reviews until the second is written.
 */

/** Reloads as the user would until `shown` is on the screen: for what the server changes meanwhile (the trip completing). */
async function reloadedUntilShown(shown: Locator, reload: () => Promise<unknown>, timeout: number) {
  await expect(async () => {
    await reload();
    await expect(shown).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout, intervals: [2_000, 3_000, 5_000] });
}

test('after a completed trip both sides review, and the reviews appear only after the second', async ({ page, browser }) => {
  const driver = await verifiedDriverThroughApi(page, 'Reviewed');
  const context = await browser.newContext();
  const passenger = await context.newPage();
  try {
    const rider = await signUpThroughApi(passenger, 'Reviewer');
    const rideId = await postedRideThroughApi(page, {
      licensePlate: `GR-${driver.phone.slice(-4)}-23`,
      // Boarding is open from 24 hours before departure.
      leavesInHours: 2,
      bookingMode: 'instant',
      stops: [],
      duration: '1min',
    });

    let code = '';
    await test.step('the passenger books a seat, paying the driver in cash', async () => {
      await passenger.goto(`/book-seat/${rideId}?seats=1`);
      await passenger.getByRole('button', { name: 'Confirm' }).click();
      await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      const shown = passenger.getByText(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
      await expect(shown).toBeVisible();
      code = (await shown.textContent()) ?? '';
    });

    await test.step('the driver boards the passenger by their code', async () => {
      await page.goto('/rides/as-driver');
      await page.getByRole('button', { name: /Manage Bookings/ }).first().click();
      await page.getByLabel('Boarding code').fill(code);
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: rider.first })).toContainText('Boarded');
    });

    await test.step('once the trip is over, the passenger rates the driver from My Rides and is told the review is hidden for now', async () => {
      // The trip's time passing, written in the rides database: the ride left 2 minutes ago and
      // took 1. Its completion is the system's own (the completion sweep), as after a real trip.
      await departureMovedIntoThePast(rideId);
      const rate = passenger.getByRole('button', { name: 'Rate driver' });
      await reloadedUntilShown(
        rate,
        async () => {
          await passenger.goto('/my-rides');
          await passenger.getByRole('combobox', { name: 'Ride sections' }).selectOption('Past');
        },
        60_000,
      );
      await rate.click();
      await passenger.getByRole('button', { name: 'Submit review' }).click();
      await expect(passenger.getByText('Comment must be at least 10 characters')).toBeVisible();
      await passenger.getByRole('radio', { name: '5 stars' }).check();
      await passenger.getByLabel('Comment about the driver').fill('Calm driving and right on time.');
      await passenger.getByRole('button', { name: 'Submit review' }).click();
      await expect(passenger.getByRole('status').filter({ hasText: 'Your review stays hidden until' })).toBeVisible();
    });

    await test.step('before the driver reviews, nobody sees it: the driver has no reviews yet', async () => {
      await page.goto('/all-reviews');
      await expect(page.getByText('No reviews yet', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Calm driving and right on time.')).toHaveCount(0);
    });

    await test.step('the driver rates the passenger on /rate-riders', async () => {
      await page.goto(`/rate-riders/${rideId}`);
      const card = page.getByRole('listitem').filter({ hasText: rider.first });
      await card.getByRole('radio', { name: '4 stars' }).check();
      await card.getByLabel('Comment about this passenger').fill('Ready at the station, pleasant company.');
      await card.getByRole('button', { name: 'Submit review' }).click();
      await expect(page.getByText('All passengers rated')).toBeVisible();
    });

    await test.step('now both reviews show: the driver sees the passenger’s, the passenger the driver’s', async () => {
      await reloadedUntilShown(page.getByText('Calm driving and right on time.'), () => page.goto('/all-reviews'), 60_000);
      await expect(page.getByText('★ 5.0 from 1 review')).toBeVisible();
      await passenger.goto('/all-reviews');
      await expect(passenger.getByText('Ready at the station, pleasant company.')).toBeVisible();
    });
  } finally {
    await context.close();
  }
});
