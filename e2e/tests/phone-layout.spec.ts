import { expect, type Page, type Route, test } from '@playwright/test';

/**
 * The signed-in frame, a conversation and the staff tables on a 360×780 phone. The API is answered in the
 * browser: what is checked is where things land on the screen, not what the server says.
 */
test.use({ viewport: { width: 360, height: 780 } });

const user = {
  id: '7d3f7c1e-3c53-4a7a-9a55-0d7c6a1f2b10',
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama.mensah@example.com',
  phone: '0241234567',
  emergencyContactName: null,
  emergencyContactPhone: null,
  profileImageUrl: null,
  isVerified: false,
  verificationStatus: 'not_submitted',
  isDriver: true,
  driverVerificationStatus: 'not_submitted',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const admin = { id: '11111111-2222-4333-8444-555555555555', username: 'founder', createdAt: '2026-10-01T09:00:00.000Z', roles: ['administrator'] };
const waitlist = [0, 1, 2].map((i) => ({
  id: `aaaaaaaa-bbbb-4ccc-8ddd-00000000000${i}`,
  name: `Kwame Mensah-Owusu ${i}`,
  email: `kwame.mensah.owusu${i}@example.com`,
  phone: `024123456${i}`,
  createdAt: '2026-11-20T12:00:00.000Z',
}));

async function answerApi(page: Page, answers: Record<string, { status: number; body: unknown }>) {
  await page.route('**/api/**', (route: Route) => {
    const key = `${route.request().method()} ${new URL(route.request().url()).pathname}`;
    const answer = answers[key] ?? { status: 404, body: { message: 'Not found' } };
    return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
}

const signedIn = {
  'GET /api/auth/user': { status: 200, body: user },
  'GET /api/notifications': { status: 200, body: { items: [], unreadCount: 0, actionRequiredCount: 0 } },
};

/** Whether the middle of `selector`'s element is what a tap there would reach. */
const reachable = (page: Page, name: string) =>
  page.getByRole('button', { name }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    return y < window.innerHeight && element.contains(document.elementFromPoint(x, y));
  });

test('Logout is in sight in the side menu without scrolling', async ({ page }) => {
  await answerApi(page, signedIn);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeInViewport({ ratio: 1 });
  // After the panel has slid in, nothing covers it.
  await expect.poll(() => reachable(page, 'Logout')).toBe(true);
});

test('a toast leaves the header and its buttons free', async ({ page }) => {
  await answerApi(page, { ...signedIn, 'PUT /api/auth/profile': { status: 500, body: { message: 'Failed to update profile.' } } });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Update Failed' });
  await expect(toast).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  const shown = await toast.boundingBox();
  expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await expect.poll(() => reachable(page, 'Open account menu')).toBe(true);
});

test('a conversation fits a phone: long words wrap, Messages and the bell are in the header, Send is on screen beside the box', async ({ page }) => {
  const conversationId = 'c0000000-0000-4000-8000-000000000001';
  const kofi = { id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', firstName: 'Kofi', profileImageUrl: null };
  const ride = {
    id: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    fromLocation: 'Kaneshie Station, main gate',
    toLocation: 'Kejetia Market, Kumasi',
    departureDate: '2026-12-05',
    departureTime: '07:30',
    departureAt: '2026-12-05T07:30:00.000Z',
  };
  const message = (id: number, body: string, mine: boolean) => ({
    id: `d0000000-0000-4000-8000-00000000000${id}`,
    conversationId,
    senderId: mine ? user.id : kofi.id,
    body,
    sentAt: '2026-11-20T09:30:00.000Z',
    mine,
    masked: false,
  });
  await answerApi(page, {
    ...signedIn,
    'GET /api/messages/unread-count': { status: 200, body: { count: 3 } },
    [`GET /api/messages/${conversationId}`]: {
      status: 200,
      body: {
        id: conversationId,
        ride,
        role: 'passenger',
        otherMember: kofi,
        booked: false,
        lastMessage: null,
        unreadCount: 0,
        updatedAt: '2026-11-20T09:30:00.000Z',
        canWrite: true,
        cannotWriteReason: null,
        messages: [
          message(1, 'Is there room for a bag? https://example.com/a-very-long-address-without-any-spaces-at-all-to-wrap', true),
          message(2, 'Yes, one small bag. Meet me by the Total fuel station at the main gate.', false),
        ],
      },
    },
  });
  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByRole('list', { name: 'Messages with Kofi' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expect(page.getByRole('link', { name: 'Messages, 3 unread' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('textbox', { name: 'Message' }).fill('See you there.');
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
});

test('a staff table is a card per row on a phone: every column on screen, nothing to scroll sideways', async ({ page }) => {
  await answerApi(page, {
    'GET /api/admin/verify': { status: 200, body: { admin } },
    'GET /api/admin/waitlist': { status: 200, body: waitlist },
    'GET /api/admin/users': { status: 200, body: [admin] },
  });
  await page.goto('/admin');
  const table = page.locator('table').first();
  const scroller = table.locator('xpath=..');
  await expect(scroller.getByText('Kwame Mensah-Owusu 0')).toBeVisible();
  expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // The last columns (Phone, Joined) are on screen in full, each beside its column's name.
  const firstRow = table.locator('tbody tr').first();
  for (const label of ['Phone', 'Joined']) {
    const cell = firstRow.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeInViewport({ ratio: 1 });
    expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(`"${label}"`);
  }
  const joined = await firstRow.locator('td[data-label="Joined"]').evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(joined).toBe(true);
});


test('Requested Rides fits a phone: each card and its Accept and Decline on screen, nothing to scroll sideways', async ({ page }) => {
  const fit = {
    rideId: '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e',
    fromCity: 'Sefwi Wiawso Municipal Assembly',
    toCity: 'Bolgatanga Central Lorry Station',
    departureDate: '2026-12-04',
    departureTime: '08:00',
    pricePerSeat: '150.00',
    currency: 'GHS',
    availableSeats: 3,
    invited: false,
  };
  await answerApi(page, {
    ...signedIn,
    'GET /api/driver/requested-rides': {
      status: 200,
      body: {
        requests: [
          {
            requestId: '4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d',
            passengerFirstName: 'Oluwaseyitanfunmi',
            passengerRating: { average: 4.5, count: 12 },
            seats: 2,
            fromLocation: 'Sefwi Wiawso Municipal Assembly',
            toLocation: 'Bolgatanga Central Lorry Station',
            preferredDepartureDate: '2026-12-04',
            flexibleDates: true,
            maxPricePerSeat: '150.00',
            notes: 'Two big bags and a small box of yams for my mother',
            fits: [fit, { ...fit, rideId: '3c8d0e2f-5a4b-4c7d-9e0f-1a2b3c4d5e6f', departureDate: '2026-12-05' }],
          },
        ],
      },
    },
  });
  await page.goto('/requested-rides');
  const card = page.getByRole('listitem', { name: /^Oluwaseyitanfunmi:/ });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const box = await card.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  for (const button of [...(await card.getByRole('button', { name: /^Accept:/ }).all()), card.getByRole('button', { name: 'Decline' })]) {
    await button.scrollIntoViewIfNeeded();
    // Across the phone in full, and what a tap on its middle reaches.
    const place = await button.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return { left: rect.left, right: rect.right, height: rect.height, reached: element.contains(hit) };
    });
    expect(place.left).toBeGreaterThanOrEqual(0);
    expect(place.right).toBeLessThanOrEqual(360);
    expect(place.height).toBeGreaterThanOrEqual(40);
    expect(place.reached).toBe(true);
  }
});
