import type { PlaceDetails, PlaceSuggestion } from '@krom/contracts/http/places';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';
import { LocationField } from './location-picker.tsx';

const attribution = '© OpenStreetMap contributors (ODbL). Contains data from GeoNames (www.geonames.org), CC BY 4.0.';

const suggestion = (placeId: string, name: string, description: string): PlaceSuggestion => ({ placeId, name, description, kind: 'town' });
const eight: PlaceSuggestion[] = [
  suggestion('gaz-accra', 'Accra', 'City · Greater Accra'),
  suggestion('gaz-accra-mall', 'Accra Mall', 'Landmark · Greater Accra'),
  suggestion('gaz-kaneshie', 'Kaneshie Station (Accra)', 'Station · Greater Accra'),
  suggestion('gaz-circle', 'Circle Station (Accra)', 'Station · Greater Accra'),
  suggestion('gaz-accra-newtown', 'Accra New Town', 'Suburb · Greater Accra'),
  suggestion('gaz-accra-ridge', 'Ridge (Accra)', 'Suburb · Greater Accra'),
  suggestion('gaz-accra-airport', 'Kotoka Airport (Accra)', 'Landmark · Greater Accra'),
  suggestion('gaz-accra-stc', 'STC Station (Accra)', 'Station · Greater Accra'),
];
const kaneshie: PlaceDetails = {
  name: 'Kaneshie Station',
  formatted_address: 'Kaneshie Station, Accra, Greater Accra, Ghana',
  place_id: 'gaz-kaneshie',
  latitude: 5.5656,
  longitude: -0.2364,
  district: 'Accra',
  region: 'Greater Accra',
  kind: 'station',
};

/** A form with one location field, showing what it holds the way a screen would use it. */
function Harness() {
  const [place, setPlace] = useState<PlaceDetails | null>(null);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <LocationField id="from" label="From" value={place} onChange={setPlace} />
      <output aria-label="Chosen">{place ? `${place.place_id} ${place.latitude},${place.longitude}` : 'nothing'}</output>
    </form>
  );
}

function openField(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  const view = renderRoutes([{ path: '/', Component: Harness }], '/');
  return { api, ...view };
}

/** What the app asked GET /api/places/autocomplete for, in order. */
const searchedTexts = () =>
  (fetch as unknown as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://krom.test'))
    .filter((url) => url.pathname === '/api/places/autocomplete')
    .map((url) => url.searchParams.get('q'));

afterEach(() => vi.useRealTimers());

const dialog = () => screen.getByRole('dialog', { name: 'From' });
const searchBox = () => within(dialog()).getByRole('combobox', { name: 'Search locations' });


describe('LocationField and the location picker dialog', () => {
  it('asks for more than 2 characters, then shows at most 8 suggestions with the data licence line', async () => {
    const { user } = openField({ 'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } } });
    await user.click(screen.getByRole('button', { name: 'From Choose a location' }));
    expect(searchBox()).toBe(document.activeElement);
    expect(within(dialog()).getByText('Start typing to search locations')).toBeTruthy();

    // On a fake clock, well past the typing pause after which the picker searches: two characters ask nothing.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.type(searchBox(), 'Ac');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    vi.useRealTimers();
    expect(within(dialog()).getByText('Start typing to search locations')).toBeTruthy();
    expect(searchedTexts()).toEqual([]);

    await user.type(searchBox(), 'c');
    expect(await within(dialog()).findByText('Searching locations...')).toBeTruthy();
    const options = await within(dialog()).findAllByRole('option');
    expect(options).toHaveLength(8);
    expect(options[0]?.textContent).toBe('Accra, City · Greater Accra');
    expect(searchedTexts()).toEqual(['Acc']);
    expect(within(dialog()).getByText(attribution)).toBeTruthy();
  });

  it('searches a short town name typed exactly (Ho), and no other two letters', async () => {
    const ho = suggestion('gaz-ho', 'Ho', 'City, Volta');
    const { user } = openField({ 'GET /api/places/autocomplete': { status: 200, body: { suggestions: [ho], attribution } } });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Hx');
    expect(within(dialog()).getByText('Start typing to search locations')).toBeTruthy();
    await user.clear(searchBox());
    await user.type(searchBox(), 'Ho');
    expect(await within(dialog()).findByRole('option', { name: 'Ho, City, Volta' })).toBeTruthy();
    expect(searchedTexts()).toEqual(['Ho']);
  });

  it('keeps a pasted search to the 100 characters the server searches, and still searches it', async () => {
    const { user } = openField({ 'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } } });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.click(searchBox());
    await user.paste(`Accra ${'x'.repeat(150)}`);
    expect((searchBox() as HTMLInputElement).value).toHaveLength(100);
    expect(await within(dialog()).findAllByRole('option')).toHaveLength(8);
    expect(searchedTexts()).toEqual([`Accra ${'x'.repeat(94)}`]);
  });

  it('choosing a suggestion loads its details, hands them over and closes', async () => {
    const { user, api } = openField({
      'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } },
      'GET /api/places/gaz-kaneshie': { status: 200, body: kaneshie },
    });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Kaneshie');
    await user.click(await within(dialog()).findByRole('option', { name: /^Kaneshie Station/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('GET', '/api/places/gaz-kaneshie')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('gaz-kaneshie 5.5656,-0.2364');
    // The field shows the place's name with its locality and region, and focus is back on it.
    const field = screen.getByRole('button', { name: 'From Kaneshie Station, Accra, Greater Accra' });
    expect(document.activeElement).toBe(field);
  });

  it('chooses with the arrow keys and Enter', async () => {
    const { user } = openField({
      'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } },
      'GET /api/places/gaz-kaneshie': { status: 200, body: kaneshie },
    });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Acc');
    await within(dialog()).findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = within(dialog()).getByRole('option', { selected: true });
    expect(active.textContent).toContain('Kaneshie Station');
    expect(searchBox().getAttribute('aria-activedescendant')).toBe(active.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('gaz-kaneshie 5.5656,-0.2364'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says No locations found, with the hint, when nothing matches and when the search fails', async () => {
    let fail = false;
    const { user } = openField({
      'GET /api/places/autocomplete': () =>
        fail ? { status: 503, body: { message: 'Location search is unavailable. Please try again.' } } : { status: 200, body: { suggestions: [], attribution } },
    });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Zzzz');
    expect(await within(dialog()).findByText('No locations found')).toBeTruthy();
    expect(within(dialog()).getByText('Try searching for a city or landmark in Ghana')).toBeTruthy();
    expect(within(dialog()).queryAllByRole('option')).toHaveLength(0);

    fail = true;
    await user.type(searchBox(), 'q');
    await waitFor(() => expect(searchedTexts()).toEqual(['Zzzz', 'Zzzzq']));
    expect(await within(dialog()).findByText('No locations found')).toBeTruthy();
    expect(within(dialog()).queryAllByRole('option')).toHaveLength(0);
  });

  it('aborts the request for text typed past', async () => {
    let calls = 0;
    // The first answer is held until the test ends, so it is still on its way when more is typed.
    let answerFirst: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    const { user } = openField({
      'GET /api/places/autocomplete': async () => {
        calls += 1;
        if (calls === 1) await firstAnswered;
        return { status: 200, body: { suggestions: eight.slice(0, 2), attribution } };
      },
    });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Acc');
    await waitFor(() => expect(searchedTexts()).toEqual(['Acc']));
    await user.type(searchBox(), 'ra');
    await waitFor(() => expect(searchedTexts()).toEqual(['Acc', 'Accra']));
    const [first] = (fetch as unknown as Mock).mock.calls;
    const init = first?.[1] as RequestInit | undefined;
    expect(init?.signal?.aborted).toBe(true);
    expect(await within(dialog()).findAllByRole('option')).toHaveLength(2);
    answerFirst();
  });

  it('Escape and the close button close it, clearing the query, and focus returns to the field', async () => {
    const { user } = openField({ 'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } } });
    const field = screen.getByRole('button', { name: /^From/ });
    await user.click(field);
    await user.type(searchBox(), 'Acc');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field);

    await user.click(field);
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(within(dialog()).getByText('Start typing to search locations')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps focus inside the dialog and clears the search box with its clear button', async () => {
    const { user } = openField();
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Ac');
    const clear = within(dialog()).getByRole('button', { name: 'Clear search' });
    await user.tab();
    expect(document.activeElement).toBe(clear);
    // The results scroll on their own, so the keyboard reaches them too (axe: scrollable-region-focusable).
    await user.tab();
    expect(document.activeElement).toBe(within(dialog()).getByRole('region', { name: 'Search results' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(clear);
    await user.click(clear);
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(searchBox());
  });

  it('the field clears its place with its clear control', async () => {
    const { user } = openField({
      'GET /api/places/autocomplete': { status: 200, body: { suggestions: eight, attribution } },
      'GET /api/places/gaz-kaneshie': { status: 200, body: kaneshie },
    });
    await user.click(screen.getByRole('button', { name: /^From/ }));
    await user.type(searchBox(), 'Kan');
    await user.click(await within(dialog()).findByRole('option', { name: /^Kaneshie Station/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear From' }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('nothing');
    expect(screen.getByRole('button', { name: 'From Choose a location' })).toBeTruthy();
  });
});
