import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * Messages end to end (issue 23): a passenger writes to a ride's driver from the ride's preview
 * before booking, and the phone number in the message is hidden; the driver sees the unread count
 * beside Messages, reads the conversation and answers; the passenger, whose conversation is open,
 * sees the answer arrive without reloading (announced on the notification stream).
 */
test('a passenger writes to a driver before booking (a phone number hidden), the driver sees the unread count and answers', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Driver');
  const rideId = await postedRideThroughApi(page, { licensePlate: `GR-${driver.phone.slice(-4)}-24`, leavesInHours: 48, bookingMode: 'instant', stops: [] });

  const passengerContext = await browser.newContext();
  const passenger = await passengerContext.newPage();
  try {
    const rider = await signUpThroughApi(passenger, 'Rider');

    await test.step('the passenger writes from Contact Driver; the number in the message is hidden before booking', async () => {
      await passenger.goto(`/ride-preview/${rideId}`);
      await passenger.getByRole('link', { name: 'Contact Driver' }).click();
      await expect(passenger.getByRole('heading', { level: 1, name: driver.first })).toBeVisible();
      await expect(passenger.getByRole('note')).toContainText('hidden until the booking is confirmed');
      await passenger.getByRole('textbox', { name: 'Message' }).fill('Can you call me on 0241234567 before we leave?');
      await passenger.getByRole('button', { name: 'Send' }).click();
      await expect(passenger).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      const mine = passenger.getByRole('list', { name: `Messages with ${driver.first}` }).getByRole('listitem', { name: 'You' });
      await expect(mine).toContainText('Can you call me on [hidden until booked] before we leave?');
      await expect(passenger.getByText('0241234567')).toHaveCount(0);
    });

    await test.step('the driver sees 1 unread beside Messages, opens the conversation and answers', async () => {
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Messages, 1 unread' }).click();
      const conversation = page.getByRole('link', { name: new RegExp(`^${rider.first}, .*, 1 unread$`) });
      await expect(conversation).toContainText('Can you call me on [hidden until booked] before we leave?');
      await conversation.click();
      await expect(page.getByRole('listitem', { name: rider.first })).toContainText('[hidden until booked]');
      await expect(page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
      await page.getByRole('textbox', { name: 'Message' }).fill('Yes, I will call when I reach Kaneshie.');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('listitem', { name: 'You' })).toContainText('Yes, I will call when I reach Kaneshie.');
    });

    await test.step('the passenger sees the answer arrive in the open conversation', async () => {
      await expect(passenger.getByRole('listitem', { name: driver.first })).toContainText('Yes, I will call when I reach Kaneshie.');
    });
  } finally {
    await passengerContext.close();
  }
});
