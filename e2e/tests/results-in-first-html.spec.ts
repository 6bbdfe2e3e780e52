import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { holdTheApp } from './support/hold-the-app.ts';

/**
 * Issue 20, "Results in the first HTML": the listing's ride cards and a ride's preview arrive as
 * HTML from the web server, so a visitor without JavaScript sees them and follows a card to the
 * ride. A guest with JavaScript gets them with one small script; the app comes when a control is
 * first used, takes over without asking for the rides again and without anything on it moving,
 * and the tap or choice that brought it is passed on to it.
 */

/** A date `days` from today in Ghana (UTC). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A ride from Ho to Aflao posted through the API by a new verified driver; the listing's address that finds it. */
async function postedRide(page: Page) {
  const driver = await verifiedDriverThroughApi(page, 'FirstHtml');
  const headers = { origin: baseURL };
  const plate = `GT-${driver.phone.slice(-4)}-25`;
  const vehicle = await page.request.post('/api/vehicles', {
    headers,
    data: { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: plate, seats: 4 },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const departureDate = daysAhead(17);
  const ride = await page.request.post('/api/rides', {
    headers,
    data: {
      vehicleId: ((await vehicle.json()) as { id: string }).id,
      fromCity: 'Ho',
      toCity: 'Aflao',
      fromLocation: 'Ho Main Station',
      toLocation: 'Aflao Border Market',
      departureDate,
      departureTime: '07:45',
      availableSeats: 3,
      pricePerSeat: '38',
      description: 'Leaving right after the morning service',
    },
  });
  expect(ride.status(), await ride.text()).toBe(201);
  return { id: ((await ride.json()) as { id: string }).id, driver, listing: `/ride-listings?from=Ho&to=Aflao&date=${departureDate}` };
}

/** A guest's visit in a browser of their own (nothing cached, no cookie), closed after `visit`. */
async function asGuest(browser: Browser, options: BrowserContextOptions, visit: (page: Page) => Promise<void>): Promise<void> {
  const guest = await browser.newContext(options);
  try {
    await visit(await guest.newPage());
  } finally {
    await guest.close();
  }
}

test('the listing and a ride preview arrive as HTML; the page takes over without asking again or moving', async ({ page, browser }) => {
  test.slow();
  const ride = await postedRide(page);

  await test.step('without JavaScript, the listing shows the ride card, whose link opens the ride', async () => {
    await asGuest(browser, { javaScriptEnabled: false }, async (listing) => {
      await listing.goto(ride.listing);
      const card = listing.getByRole('article').filter({ hasText: 'Ho Main Station → Aflao Border Market' });
      await expect(listing.getByText('1 ride(s) found matching your search')).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Ho to Aflao' })).toBeVisible();
      await expect(card).toContainText('GH₵38.00');
      await expect(card).toContainText(ride.driver.first);
      await card.getByRole('link', { name: 'View Details' }).click();
      await expect(listing).toHaveURL(new RegExp(`/ride-preview/${ride.id}$`));
      await expect(listing.getByRole('heading', { level: 1, name: 'Ho to Aflao' })).toBeVisible();
      await expect(listing.getByText('Leaving right after the morning service')).toBeVisible();
      await expect(listing).toHaveTitle('Ho → Aflao · Krom');
      await expect(listing.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Ho → Aflao · Krom');
    });
  });

  await test.step('with JavaScript, a guest gets the page with one small script, and the app only once a control is used', async () => {
    await asGuest(browser, {}, async (listing) => {
      const scripts: string[] = [];
      listing.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await listing.goto(ride.listing, { waitUntil: 'networkidle' });
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/app-on-demand-[\w-]+\.js$/)]);
    // Its controls work from the start: the native list of seats opens without the app.
    await expect(listing.getByLabel('Seats')).toBeEnabled();
    const card = listing.getByRole('article').filter({ hasText: 'Ho Main Station → Aflao Border Market' });
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(listing).toHaveURL(new RegExp(`/ride-preview/${ride.id}$`));
    await expect(listing.getByRole('heading', { level: 1, name: 'Ho to Aflao' })).toBeVisible();
    expect(scripts).toHaveLength(2);
    });
  });

  await test.step("once the app loads, the listing's scripts take over without asking for the rides and without a layout shift", async () => {
    await asGuest(browser, {}, async (listing) => {
      const searches: string[] = [];
      listing.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/rides') searches.push(request.url());
      });
      // Every layout shift from the first paint on, kept for the check below.
      await listing.addInitScript(() => {
        const shifts: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        Object.assign(window, { kromLayoutShifts: () => [...shifts, ...observer.takeRecords().map((entry) => (entry as PerformanceEntry & { value: number }).value)] });
      });
      await listing.goto(ride.listing);
      // A finger going down on a button starts loading the app; a scroll that begins there lets the press go.
      const clear = listing.getByRole('button', { name: 'Clear filters' });
      await clear.dispatchEvent('pointerdown');
      await clear.dispatchEvent('pointercancel');
      // React has rendered the page once the prerendered styles and the page's data are gone.
      await expect(listing.locator('style[data-prerendered-styles]')).toHaveCount(0);
      await expect(listing.locator('#krom-page-data')).toHaveCount(0);
      const card = listing.getByRole('article').filter({ hasText: 'Ho Main Station → Aflao Border Market' });
      await expect(card.getByRole('heading', { name: 'Ho to Aflao' })).toBeVisible();
      await expect(listing.getByText('Loading rides...')).toHaveCount(0);
      expect(searches).toEqual([]);
      expect(await listing.evaluate(() => (window as unknown as { kromLayoutShifts: () => number[] }).kromLayoutShifts())).toEqual([]);
    });
  });

  await test.step('a tap before the app is there is not lost: From opens the place picker, and the place chosen searches', async () => {
    await asGuest(browser, {}, async (listing) => {
      const app = await holdTheApp(listing);
      await listing.goto(ride.listing, { waitUntil: 'networkidle' });
      const from = listing.getByLabel('From', { exact: true });
      await from.click();
      // Held back while the app downloads, the button says it is busy.
      await expect(from).toHaveAttribute('aria-busy', 'true');
      await expect(listing.getByRole('dialog')).toHaveCount(0);
      app.release();
      const picker = listing.getByRole('dialog');
      await picker.getByRole('combobox', { name: 'Search locations' }).fill('Kumasi');
      await picker.getByRole('option', { name: /^Kumasi/ }).first().click();
      await expect(listing).toHaveURL(/[?&]from=Kumasi(&|$)/);
      await expect(listing.getByText('No rides found')).toBeVisible();
    });
  });

  await test.step('a choice made before the app is there is kept: 2 seats on the preview show the total for 2', async () => {
    await asGuest(browser, {}, async (preview) => {
      const app = await holdTheApp(preview);
      await preview.goto(`/ride-preview/${ride.id}`, { waitUntil: 'networkidle' });
      await preview.getByLabel('Number of seats').selectOption('2');
      await app.requested;
      await expect(preview.getByText('GH₵76.00')).toHaveCount(0);
      app.release();
      await expect(preview.getByText('GH₵76.00')).toBeVisible();
      await expect(preview.getByLabel('Number of seats')).toHaveValue('2');
    });
  });

  await test.step('a missing ride opens the preview not-found state with a 404', async () => {
    const response = await page.request.get('/ride-preview/00000000-0000-4000-8000-000000000000');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Failed to load ride details');
  });
});
