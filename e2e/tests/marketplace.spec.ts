import { expect, type Page, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';

/**
 * The marketplace end to end, on the built-in gazetteer (no maps key here): a verified driver adds
 * a vehicle and posts a ride with one stop through the four-step wizard; another user finds it by
 * searching from the stop's town, opens it and sees the total for two seats; a guest searching a
 * route nobody drives is offered to log in to request a ride; a signed-in user requests that ride,
 * finds the request among their rides and cancels it.
 */

/** A date `days` from today in Ghana (UTC), as the date picker stores it. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function pickPlace(page: Page, field: string, typed: string, option: RegExp) {
  await page.getByLabel(field, { exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Search locations' }).fill(typed);
  await dialog.getByRole('option', { name: option }).first().click();
  await expect(dialog).toBeHidden();
}

async function pickDate(page: Page, field: string, date: string) {
  await page.getByLabel(field, { exact: true }).click();
  const calendar = page.getByRole('dialog', { name: `Choose ${field}` });
  // The day may be in next month's page of the calendar.
  for (let turn = 0; turn < 2 && !(await calendar.locator(`[data-date="${date}"]`).isVisible()); turn++) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  await calendar.locator(`[data-date="${date}"]`).click();
}

test('a verified driver adds a vehicle and posts a ride with a stop; a passenger finds it from the stop and sees the total for 2 seats', async ({ page, browser }) => {
  test.slow();
  const departureDate = daysAhead(9);
  const driver = await verifiedDriverThroughApi(page, 'Driver');
  const plate = `GR-${driver.phone.slice(-4)}-24`;

  await test.step('the gate sends the driver to add a vehicle first', async () => {
    await page.goto('/create-ride');
    await page.getByRole('link', { name: 'Add a Vehicle' }).click();
    await expect(page).toHaveURL(/\/add-vehicle\?next=%2Fcreate-ride|\/add-vehicle\?next=\/create-ride/);
  });

  await test.step('the driver adds a vehicle', async () => {
    await page.getByLabel('Make').selectOption('Toyota');
    await page.getByLabel('Model').fill('Corolla');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Seats').selectOption('5');
    await page.getByLabel('Colour').selectOption('Silver');
    await page.getByLabel('Licence Plate').fill(plate.toLowerCase());
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(page.getByText('Vehicle Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/create-ride$/);
  });

  await test.step('step 1: Accra to Kumasi with a stop at Nkawkaw', async () => {
    await pickPlace(page, 'Departure', 'Accra', /^Accra/);
    await page.getByRole('button', { name: 'Add Stop (0/5)' }).click();
    await pickPlace(page, 'Stop 1', 'Nkawkaw', /^Nkawkaw/);
    await pickPlace(page, 'Destination', 'Kumasi', /^Kumasi/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/create-ride-datetime$/);
  });

  await test.step('step 2: a date and 7:30 AM', async () => {
    await pickDate(page, 'Departure Date', departureDate);
    await page.getByLabel('Hour').selectOption('7');
    await page.getByLabel('Minute').selectOption('30');
    await page.getByLabel('AM or PM').selectOption('AM');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/create-ride-seats-price$/);
  });

  await test.step('step 3: the vehicle, 3 seats and a price inside the recommended range', async () => {
    await page.getByRole('radio', { name: /Toyota Corolla/ }).check();
    await page.getByLabel('Available Seats').fill('3');
    await expect(page.getByText(/^Recommended: /)).toBeVisible();
    await page.getByLabel('Price per Seat (GH₵)').fill('120');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/create-ride-review$/);
  });

  await test.step('step 4: the review shows the route, an estimated duration, the plate, and posts the ride', async () => {
    await expect(page.getByRole('heading', { name: 'Review and Post Ride' })).toBeVisible();
    await expect(page.getByText(/\(estimate\)$/)).toBeVisible();
    await expect(page.getByText(plate)).toBeVisible();
    await expect(page.getByRole('img', { name: /Accra.*Nkawkaw.*Kumasi/ })).toBeVisible();
    await page.getByRole('button', { name: 'Post Ride' }).click();
    await expect(page.getByText('Ride successfully posted and is now live.')).toBeVisible();
  });

  const passengerContext = await browser.newContext();
  const passenger = await passengerContext.newPage();
  try {
    await signUpThroughApi(passenger, 'Passenger');
    await test.step('another user searches from the stop’s town to Kumasi on that date', async () => {
      await passenger.goto('/find-ride');
      await pickPlace(passenger, 'From', 'Nkawkaw', /^Nkawkaw/);
      await pickPlace(passenger, 'To', 'Kumasi', /^Kumasi/);
      await pickDate(passenger, 'Date', departureDate);
      await passenger.getByRole('button', { name: 'Search Available Rides' }).click();
      await expect(passenger).toHaveURL(/\/ride-listings\?/);
      await expect(passenger.getByText(/ride\(s\) found matching your search/)).toBeVisible();
      const card = passenger.getByRole('article').filter({ hasText: driver.first });
      await card.getByRole('link', { name: 'View Details' }).click();
    });
    await test.step('the ride’s details show the driver and the total for 2 seats of the passenger’s leg', async () => {
      await expect(passenger).toHaveURL(/\/ride-preview\//);
      await expect(passenger.getByText(driver.fullName)).toBeVisible();
      // Their leg, Nkawkaw → Kumasi, costs its share of the Accra → Kumasi price (GH₵120): GH₵50 a seat.
      await expect(passenger.getByText('GH₵50.00 per seat from Nkawkaw → Kumasi')).toBeVisible();
      await passenger.getByLabel('Number of seats').selectOption('2');
      await expect(passenger.getByText('GH₵100.00')).toBeVisible();
    });
  } finally {
    await passengerContext.close();
  }
});

test('a guest searching a route nobody drives sees No rides found and Login to Request a Ride, which comes back to the search', async ({ page, browser }) => {
  const listing = `/ride-listings?from=Bolgatanga&to=Axim&date=${daysAhead(20)}`;
  await page.goto(listing);
  await expect(page.getByText('No rides found')).toBeVisible();
  // An account made elsewhere (its own browser), logged into here through the form.
  const elsewhere = await browser.newContext();
  const account = await signUpThroughApi(await elsewhere.newPage(), 'Returning');
  await elsewhere.close();
  await page.getByRole('link', { name: 'Login to Request a Ride' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(listing);
  await expect(page.getByRole('button', { name: 'Request a Ride' })).toBeVisible();
});

/** How the screens write a day: the date picker's `Nov 28, 2026`, the lists' `Sat, Nov 28, 2026` (Ghana is GMT). */
const pickerDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const listedDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('a signed-in user whose search finds nothing requests the ride from the search, sees it under their rides and cancels it', async ({ page }) => {
  test.slow();
  const date = daysAhead(21);
  await signUpThroughApi(page, 'Requester');

  await test.step('the empty search offers Request a Ride, and the form comes filled in with the search', async () => {
    await page.goto(`/ride-listings?from=Bolgatanga&to=Axim&date=${date}&seats=2`);
    await expect(page.getByText('No rides found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login to Request a Ride' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Request a Ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Ride' });
    await expect(dialog.getByRole('button', { name: 'From Bolgatanga' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'To Axim' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Preferred Date (optional) ${pickerDay(date)}` })).toBeVisible();
    await expect(dialog.getByLabel('Passengers')).toHaveValue('2');
    await expect(dialog.getByRole('checkbox', { name: 'Notify me by e-mail' })).toBeChecked();
    await dialog.getByLabel('Max Price per Seat (GH₵, optional)').fill('60');
    await dialog.getByRole('checkbox', { name: 'Notify me by SMS' }).check();
  });

  await test.step('Create Request says so and closes the form', async () => {
    const dialog = page.getByRole('dialog', { name: 'Request a Ride' });
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(page.getByText("Ride request created! We'll notify you when matching rides become available.")).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the request is listed under the passenger’s rides, and can be cancelled', async () => {
    await page.goto('/rides/as-passenger');
    const requests = page.getByRole('region', { name: 'Ride requests' });
    const card = requests.getByRole('listitem', { name: 'Bolgatanga → Axim' });
    await expect(card).toBeVisible();
    for (const text of [listedDay(date), '2 passengers', 'Up to GH₵60.00 per seat', 'Notify by e-mail and SMS', `Expires ${listedDay(date)}`]) {
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    }
    await card.getByRole('button', { name: 'Cancel Request' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel this ride request?' }).getByRole('button', { name: 'Cancel Request' }).click();
    await expect(page.getByText('Ride Request Cancelled')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(requests.getByText('No ride requests')).toBeVisible();
  });
});
