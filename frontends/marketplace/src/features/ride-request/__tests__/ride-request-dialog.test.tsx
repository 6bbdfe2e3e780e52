import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideRequest, heldAnswer, places, rideRequestsApi } from './ride-requests-api.ts';

// The listing and the dialog load lazily, as in the browser; compiling them once up front keeps
// that cost out of the first test's time limit on a busy machine.
beforeAll(() => Promise.all([import('../../../app/ride-listings-route.tsx'), import('../components/ride-request-dialog.tsx')]), 30_000);

// "Today" in Ghana is Nov 20, 2026 (only the date is faked: the place search's pause runs for real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A search from Accra to Kumasi that found nothing, as the address carries it. */
const accraToKumasi = '/ride-listings?from=Accra&fromLat=5.6037&fromLng=-0.187&to=Kumasi&toLat=6.6885&toLng=-1.6244';

/** The signed-in user's empty listing at `path`, with Request a Ride pressed. */
async function openRequestForm(path: string, ...args: Parameters<typeof rideRequestsApi>) {
  const api = rideRequestsApi(...args);
  const view = renderRoutes(routes, path);
  await view.user.click(await screen.findByRole('button', { name: 'Request a Ride' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request a Ride' });
  return { api, ...view, dialog };
}

const posts = (api: ReturnType<typeof rideRequestsApi>) => api.callsTo('POST', '/api/ride-requests');

// Typing into the place search and lazily loaded screens: seconds on a busy 2-core machine.
describe('the ride request form', () => {
  it('says which information is missing when a place is not chosen, and sends nothing', async () => {
    const { api, user, dialog } = await openRequestForm('/ride-listings');
    await user.click(within(dialog).getByRole('button', { name: /^To/ }));
    const picker = screen.getByRole('dialog', { name: 'To' });
    await user.type(within(picker).getByRole('combobox', { name: 'Search locations' }), 'Kejetia');
    await user.click(await within(picker).findByRole('option', { name: /^Kejetia Market/ }));
    expect(within(dialog).getByRole('button', { name: /^To Kejetia Market/ })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(await findToast()).toEqual({ text: 'Missing informationPlease select both departure and destination locations', destructive: true });
    expect(posts(api)).toHaveLength(0);
    // Nothing is lost: the form is still open with the destination chosen.
    expect(within(screen.getByRole('dialog', { name: 'Request a Ride' })).getByRole('button', { name: /^To Kejetia Market/ })).toBeTruthy();
  });

  it("sends the places' data and the choices, says so, closes, and opens again with the defaults", async () => {
    const { api, user, dialog } = await openRequestForm('/ride-listings');
    // Focus starts on the first field; the defaults are one passenger, told by e-mail and not by SMS.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: /^From/ }));
    expect((within(dialog).getByRole('combobox', { name: 'Passengers' }) as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByRole('checkbox', { name: 'Notify me by e-mail' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Notify me by SMS' }) as HTMLInputElement).checked).toBe(false);

    for (const [field, typed, option] of [
      ['From', 'Kaneshie', /^Kaneshie Station/],
      ['To', 'Kejetia', /^Kejetia Market/],
    ] as const) {
      await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${field}`) }));
      const picker = screen.getByRole('dialog', { name: field });
      await user.type(within(picker).getByRole('combobox', { name: 'Search locations' }), typed);
      await user.click(await within(picker).findByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: field })).toBeNull());
    }
    await user.click(within(dialog).getByRole('button', { name: /^Preferred Date/ }));
    // Days before today cannot be chosen.
    expect((screen.getByRole('button', { name: 'Thursday, November 19, 2026' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Saturday, November 28, 2026' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Passengers' }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max Price per Seat (GH₵, optional)' }), '90');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'Two bags');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify me by SMS' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(await findToast()).toEqual({ text: "Ride request created! We'll notify you when matching rides become available.", destructive: false });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).toBeNull());
    expect(posts(api).map((call) => call.body)).toEqual([
      {
        fromLocation: 'Kaneshie Station',
        fromLocalityArea: 'Accra',
        fromRegion: 'Greater Accra',
        fromPlaceId: places.kaneshie.place_id,
        fromLatitude: places.kaneshie.latitude,
        fromLongitude: places.kaneshie.longitude,
        toLocation: 'Kejetia Market',
        toLocalityArea: 'Kumasi',
        toRegion: 'Ashanti',
        toPlaceId: places.kejetia.place_id,
        toLatitude: places.kejetia.latitude,
        toLongitude: places.kejetia.longitude,
        preferredDepartureDate: '2026-11-28',
        flexibleDates: true,
        passengers: 3,
        maxPricePerSeat: '90',
        notes: 'Two bags',
        notifyByEmail: true,
        notifyBySMS: true,
      },
    ]);

    // Opened again, the form is back to its defaults.
    await user.click(screen.getByRole('button', { name: 'Request a Ride' }));
    const again = await screen.findByRole('dialog', { name: 'Request a Ride' });
    expect(within(again).getByRole('button', { name: 'From Choose departure' })).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'To Choose destination' })).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'Preferred Date (optional) Select a date' })).toBeTruthy();
    expect((within(again).getByRole('combobox', { name: 'Passengers' }) as HTMLSelectElement).value).toBe('1');
    expect((within(again).getByRole('textbox', { name: 'Max Price per Seat (GH₵, optional)' }) as HTMLInputElement).value).toBe('');
    expect((within(again).getByRole('textbox', { name: 'Notes (optional)' }) as HTMLTextAreaElement).value).toBe('');
    expect((within(again).getByRole('checkbox', { name: 'Notify me by e-mail' }) as HTMLInputElement).checked).toBe(true);
    expect((within(again).getByRole('checkbox', { name: 'Notify me by SMS' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says Creating Request... and cannot be left while the request is on its way', async () => {
    const held = heldAnswer({ status: 201, body: aRideRequest() });
    const { api, user, dialog } = await openRequestForm(accraToKumasi, { overrides: { 'POST /api/ride-requests': held.handler } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect((within(dialog).getByRole('button', { name: 'Creating Request...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Request a Ride' })).toBe(dialog);
    expect(posts(api)).toHaveLength(1);

    held.release();
    expect((await findToast()).text).toBe("Ride request created! We'll notify you when matching rides become available.");
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).toBeNull());
  });

  it("shows the server's message when the request is refused, and keeps what was filled", async () => {
    const { user, dialog } = await openRequestForm(accraToKumasi, {
      overrides: { 'POST /api/ride-requests': { status: 400, body: { message: 'The preferred date cannot be in the past' } } },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Max Price per Seat (GH₵, optional)' }), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(await findToast()).toEqual({ text: 'ErrorThe preferred date cannot be in the past', destructive: true });
    expect(screen.getByRole('dialog', { name: 'Request a Ride' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: /^From Accra/ })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Max Price per Seat (GH₵, optional)' }) as HTMLInputElement).value).toBe('60');
  });

  it('says Failed to create ride request when the server gives no message', async () => {
    const { user, dialog } = await openRequestForm(accraToKumasi, {
      overrides: { 'POST /api/ride-requests': { status: 502, body: '<html>Bad gateway</html>' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(await findToast()).toEqual({ text: 'ErrorFailed to create ride request', destructive: true });
  });

  it("shows the price field's message for a price that is not an amount, and sends nothing until it is", async () => {
    const { api, user, dialog } = await openRequestForm(accraToKumasi);
    const price = within(dialog).getByRole('textbox', { name: 'Max Price per Seat (GH₵, optional)' });
    await user.type(price, 'fifty');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(await within(dialog).findByText('Max price per seat must be an amount in cedis, such as 45 or 45.50')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '50');
    expect(within(dialog).queryByText('Max price per seat must be an amount in cedis, such as 45 or 45.50')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(posts(api).map((call) => (call.body as { maxPricePerSeat?: string }).maxPricePerSeat)).toEqual(['50']));
  });
});
