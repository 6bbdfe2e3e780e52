import { expect, test } from '@playwright/test';
import { baseURL, e2ePortOffset } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * Paying for a seat from a saved mobile money number (issue 22): the booking screen offers the
 * number saved in Payments, masked as Payments lists it and chosen as the default; the browser never
 * has it in full, yet the prompt arrives on that number's phone page at the local gateway, because
 * the booking names the saved number and the server pays from its full number.
 */
test('a passenger pays from their saved mobile money number without typing it', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Saved');
  const rideId = await postedRideThroughApi(page, { licensePlate: `GR-${driver.phone.slice(-4)}-26`, leavesInHours: 72, bookingMode: 'instant', stops: [] });
  const context = await browser.newContext();
  const passenger = await context.newPage();
  const phone = await context.newPage();
  try {
    await signUpThroughApi(passenger, 'Saver');
    const wallet = `054${String(Date.now()).slice(-7)}`;
    const saved = await passenger.request.post('/api/payment-methods', { headers: { origin: baseURL }, data: { provider: 'mtn', number: wallet } });
    expect(saved.status()).toBe(201);

    await passenger.goto(`/book-seat/${rideId}?seats=1`);
    await passenger.getByRole('radio', { name: /^Mobile Money/ }).check();
    const masked = `MTN Mobile Money 054 *** ${wallet.slice(-4)}`;
    await expect(passenger.getByRole('radio', { name: new RegExp(`^${masked.replaceAll('*', '\\*')}`) })).toBeChecked();
    await expect(passenger.getByLabel('Mobile money number')).toHaveCount(0);
    await passenger.getByRole('button', { name: 'Confirm' }).click();
    await expect(passenger.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
    // The prompt is out (payments made it) before the phone page is opened: the page shows the prompts it has then.
    await expect(passenger.getByText(/We sent a prompt for GH₵105\.00 to 054 \*\*\* \*\*\d\d \(MTN Mobile Money\)/)).toBeVisible();

    await phone.goto(`http://127.0.0.1:${4095 + e2ePortOffset}/phone/${encodeURIComponent(`+233${wallet.slice(1)}`)}`);
    const prompt = phone.getByRole('article').filter({ hasText: 'Pay GH₵105.00 to Krom' });
    await prompt.getByLabel('PIN (4 digits)').fill('1234');
    await prompt.getByRole('button', { name: 'Approve' }).click();
    await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  } finally {
    await context.close();
  }
});
