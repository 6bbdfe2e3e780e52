import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { loadDraftSchemas, readDraft } from '../ride-draft.ts';
import { driver, elsewhere, places, seedDraft, wizardApi } from './wizard-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/route-step-page.tsx');
  await import('../components/datetime-step-page.tsx');
  // The tests read drafts back themselves, whichever screen loaded their schemas.
  await loadDraftSchemas();
});

beforeEach(() => sessionStorage.clear());

const open = (path = '/create-ride') => renderRoutes([...elsewhere, ...routes], path);
const form = () => screen.findByRole('form', { name: 'Your Route' });

/** Opens a location field's picker, searches and picks the place, as a person does. */
async function choosePlace(user: UserEvent, field: RegExp, name: string) {
  await user.click(screen.getByRole('button', { name: field }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('combobox', { name: 'Search locations' }), name.slice(0, 3));
  await user.click(await within(dialog).findByRole('option', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

// People pick places through a debounced search here; on a busy 2-core machine that takes seconds.
describe('/create-ride (step 1: route)', () => {
  it('sends a signed-out visitor to /login, which brings them back here (Post a Ride as a guest)', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Screen /login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/create-ride');
  });

  it('is the first of four steps, with departure, stops, destination and a description', async () => {
    wizardApi();
    open();
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Route' })).toBeTruthy();
    expect(screen.getByText(/Step 1 of 4/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Departure/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Destination/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Stop (0/5)' })).toBeTruthy();
    expect(screen.getByLabelText('Description (optional)')).toBeTruthy();
  });

  it('will not go on without departure and destination, and says so', async () => {
    wizardApi();
    const { user, router } = open();
    await form();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in departure and destination locations before continuing.');
    expect(router.state.location.pathname).toBe('/create-ride');

    await choosePlace(user, /^Departure/, 'Kwame Nkrumah Circle');
    // Editing takes the message away; only the departure is not enough.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in departure and destination locations before continuing.');
  });

  it('takes up to 5 stops, each removable', async () => {
    wizardApi();
    const { user } = open();
    await form();
    for (let count = 0; count < 5; count += 1) {
      await user.click(screen.getByRole('button', { name: `Add Stop (${count}/5)` }));
      // The new stop's field has the focus, ready to choose.
      expect(document.activeElement?.id).toBe(screen.getByRole('button', { name: new RegExp(`^Stop ${count + 1}`) }).id);
    }
    const full = screen.getByRole('button', { name: 'Add Stop (5/5)' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    await user.click(full);
    expect(screen.queryByRole('button', { name: /^Stop 6/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove stop 2' }));
    expect(screen.getByRole('button', { name: 'Add Stop (4/5)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Stop 5/ })).toBeNull();
  });

  it('goes on to date and time with the route, stops in order, kept in the draft', async () => {
    const api = wizardApi();
    const { user, router } = open();
    await form();
    await choosePlace(user, /^Departure/, 'Kwame Nkrumah Circle');
    await choosePlace(user, /^Destination/, 'Kejetia');
    await user.click(screen.getByRole('button', { name: 'Add Stop (0/5)' }));
    await choosePlace(user, /^Stop 1/, 'Nkawkaw');
    // A stop row left empty is dropped, not sent as a stop.
    await user.click(screen.getByRole('button', { name: 'Add Stop (1/5)' }));
    await user.type(screen.getByLabelText('Description (optional)'), 'Leaving from the Circle VIP side. One bag each.');
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Accra, Greater Accra');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Date and Time' });
    expect(router.state.location.pathname).toBe('/create-ride-datetime');
    const draft = readDraft(driver.id, 'route');
    expect(draft?.departure).toMatchObject({
      name: 'Kwame Nkrumah Circle',
      district: 'Accra',
      locality: 'Accra',
      region: 'Greater Accra',
      latitude: 5.5697,
      longitude: -0.2166,
      place_id: 'place-circle',
    });
    expect(draft?.destination?.name).toBe('Kejetia');
    expect(draft?.stops.map((stop) => [stop.location, stop.locationData?.name])).toEqual([['Nkawkaw', 'Nkawkaw']]);
    expect(draft?.description).toBe('Leaving from the Circle VIP side. One bag each.');
    expect(api.callsTo('GET', '/api/places/place-kejetia')).toHaveLength(1);
  });

  it('lets the driver pick the meeting point: the station suggested near the departure, or their own words, and one per stop', async () => {
    const api = wizardApi();
    const { user } = open();
    await form();
    // Nothing to meet at before a departure is chosen.
    expect(screen.queryByLabelText('Meeting point')).toBeNull();
    await choosePlace(user, /^Departure/, 'Kwame Nkrumah Circle');
    const meetingPoint = screen.getByLabelText('Meeting point') as HTMLInputElement;
    // The server's station near the departure is offered, not chosen.
    expect(meetingPoint.value).toBe('');
    await user.click(await screen.findByRole('button', { name: 'Use Circle VIP Station' }));
    expect(meetingPoint.value).toBe('Circle VIP Station');
    expect(screen.queryByRole('button', { name: 'Use Circle VIP Station' })).toBeNull();
    const asked = new URL(String(fetchInputFor('/api/places/nearby-station')), 'http://krom.test').searchParams;
    expect([asked.get('latitude'), asked.get('longitude')]).toEqual(['5.5697', '-0.2166']);

    // The driver's own words instead.
    await user.clear(meetingPoint);
    await user.type(meetingPoint, 'Accra Mall car park');
    await user.click(screen.getByRole('button', { name: 'Add Stop (0/5)' }));
    await choosePlace(user, /^Stop 1/, 'Nkawkaw');
    await user.type(screen.getByLabelText('Meeting point at stop 1'), 'Nkawkaw Lorry Station, front gate');
    expect(readDraft(driver.id, 'route')).toMatchObject({
      meetingPoint: 'Accra Mall car park',
      stops: [{ location: 'Nkawkaw', meetingPoint: 'Nkawkaw Lorry Station, front gate' }],
    });
    expect(api.calls.filter((call) => call.path === '/api/places/nearby-station').length).toBeGreaterThanOrEqual(2);

    // Another departure: the meeting point set for the last one is cleared.
    await choosePlace(user, /^Departure/, 'Kejetia');
    expect((screen.getByLabelText('Meeting point') as HTMLInputElement).value).toBe('');
  });

  it('keeps what was entered when the page is opened again', async () => {
    wizardApi();
    const first = open();
    await form();
    await choosePlace(first.user, /^Departure/, 'Kwame Nkrumah Circle');
    await first.user.click(screen.getByRole('button', { name: 'Add Stop (0/5)' }));
    await choosePlace(first.user, /^Stop 1/, 'Nkawkaw');
    await first.user.type(screen.getByLabelText('Meeting point'), 'Accra Mall car park');
    await first.user.type(screen.getByLabelText('Description (optional)'), 'AC on');
    first.unmount();

    const second = open();
    await form();
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Kwame Nkrumah Circle');
    expect(screen.getByRole('button', { name: /^Stop 1/ }).textContent).toContain('Nkawkaw');
    expect(screen.getByRole('button', { name: 'Add Stop (1/5)' })).toBeTruthy();
    expect((screen.getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe('AC on');
    expect((screen.getByLabelText('Meeting point') as HTMLInputElement).value).toBe('Accra Mall car park');
    expect(screen.getByRole('button', { name: /^Destination/ }).textContent).toContain('Where are you going?');
    second.unmount();
  });

  it('starts fresh from a draft it cannot read, without breaking', async () => {
    sessionStorage.setItem(`krom.ride-draft.${driver.id}.route`, '{"departure": {"name": 42}');
    wizardApi();
    open();
    await form();
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Where are you leaving from?');
    expect(sessionStorage.getItem(`krom.ride-draft.${driver.id}.route`)).toBeNull();
  });

  it("keeps one user's draft from another signed in on the same tab", async () => {
    seedDraft({ route: {} });
    wizardApi({ 'GET /api/auth/user': { status: 200, body: { ...driver, id: '0f9b6a3e-2c4d-4e5f-8a9b-000000000999' } } });
    open();
    await form();
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Where are you leaving from?');
    expect(readDraft(driver.id, 'route')?.departure?.name).toBe(places.circle.name);
  });
});

/** The URL fetch was called with for `path` (mockApi records the path only). */
function fetchInputFor(path: string): string {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls;
  const found = calls.find(([input]) => new URL(String(input), 'http://krom.test').pathname === path);
  return String(found?.[0]);
}
