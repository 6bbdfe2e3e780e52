import { expect, type APIRequestContext, type Page, request } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { type Account, signUpThroughApi } from './accounts.ts';
import { e2eAdmin } from './e2e-env.ts';

const inYears = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
};

/** A staff session of its own (its own cookie jar), signed in through the API. */
async function staffApi(): Promise<APIRequestContext> {
  const staff = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await staff.post('/api/admin/login', { data: e2eAdmin });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return staff;
}

async function approve(staff: APIRequestContext, submissionId: string) {
  const decided = await staff.post(`/api/admin/verifications/${submissionId}/decision`, { data: { decision: 'approved' } });
  expect(decided.ok(), await decided.text()).toBe(true);
}

/**
 * A new account, signed in in the page's cookie jar, whose identity and driver details were sent
 * through the API and approved by staff through the API: the screens for those are the subject of
 * verification.spec.ts. Returns once the rides service has learned the approvals (its posting
 * gate then asks only for a vehicle).
 */
export async function verifiedDriverThroughApi(page: Page, label: string): Promise<Account & { fullName: string }> {
  const account = await signUpThroughApi(page, label);
  const fullName = `${account.first} ${account.last}`;
  const headers = { origin: baseURL };
  const cardNumber = `GHA-7${account.phone.slice(-8)}-3`;
  const identity = await page.request.post('/api/auth/verify-identity', {
    headers,
    multipart: { fullName, cardNumber, expiryDate: inYears(3) },
  });
  expect(identity.status(), await identity.text()).toBe(201);
  const driver = await page.request.post('/api/auth/verify-driver-identity', {
    headers,
    multipart: { fullName, cardNumber, dateOfBirth: '1988-03-09', licenseNumber: 'DVL-0042817', licenseClass: 'B', licenseExpiryDate: inYears(2) },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  const staff = await staffApi();
  try {
    await approve(staff, ((await identity.json()) as { id: string }).id);
    await approve(staff, ((await driver.json()) as { id: string }).id);
  } finally {
    await staff.dispose();
  }
  await expect
    .poll(async () => ((await (await page.request.get('/api/rides/posting-rights')).json()) as { nextStep: string | null }).nextStep)
    .toBe('add_vehicle');
  return { ...account, fullName };
}

/** Where and when a ride of postedRideThroughApi goes (the towns by their gazetteer names). */
export type RidePlan = { from: string; to: string; departureDate: string };

/**
 * A vehicle added and a ride posted through the API by the verified driver signed in in `page`
 * (verifiedDriverThroughApi), for tests whose subject is not the wizard (marketplace.spec.ts
 * posts through the screens). Returns the ride's id.
 */
export async function postedRideThroughApi(page: Page, driver: Account, ride: RidePlan): Promise<string> {
  const headers = { origin: baseURL };
  const vehicle = await page.request.post('/api/vehicles', {
    headers,
    data: { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: `GR-${driver.phone.slice(-4)}-24`, seats: 5 },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const posted = await page.request.post('/api/rides', {
    headers,
    data: {
      vehicleId: ((await vehicle.json()) as { id: string }).id,
      fromCity: ride.from,
      fromLocation: ride.from,
      toCity: ride.to,
      toLocation: ride.to,
      departureDate: ride.departureDate,
      departureTime: '07:30',
      availableSeats: 3,
      pricePerSeat: '100',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}
