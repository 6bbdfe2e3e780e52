import { rideMessages } from '@krom/contracts/http/rides';
import { ghanaToday } from '@krom/contracts/ghana-time';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { isPast } from '../components/datetime-step-page.tsx';
import { loadDraftSchemas, readDraft } from '../ride-draft.ts';
import { driver, elsewhere, seedDraft, wizardApi } from './wizard-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/datetime-step-page.tsx');
  await import('../components/route-step-page.tsx');
  await import('../components/seats-price-step-page.tsx');
  // The tests read drafts back themselves, whichever screen loaded their schemas.
  await loadDraftSchemas();
});

beforeEach(() => sessionStorage.clear());

const open = () => renderRoutes([...elsewhere, ...routes], '/create-ride-datetime');
const form = () => screen.findByRole('form', { name: 'Date and Time' });

describe('/create-ride-datetime (step 2: date and time)', () => {
  it('sends someone who has no route yet back to step 1', async () => {
    wizardApi();
    const { router } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Route' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-ride');
  });

  it('will not go on without both date and time, and says so', async () => {
    seedDraft({ route: {} });
    wizardApi();
    const { user, router } = open();
    await form();
    expect(screen.getByText(/Step 2 of 4/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in both date and time before continuing.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '7');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in both date and time before continuing.');
    expect(router.state.location.pathname).toBe('/create-ride-datetime');
  });

  it('goes on to seats and price with the date and the 24-hour time in the draft, and back keeps them', async () => {
    seedDraft({ route: {} });
    wizardApi();
    const { user, router } = open();
    await form();
    await user.click(screen.getByRole('button', { name: /^Departure Date/ }));
    const calendar = screen.getByRole('dialog', { name: 'Choose Departure Date' });
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    const day = within(calendar).getAllByRole('button').find((button) => button.textContent === '15') as HTMLButtonElement;
    const chosen = day.dataset.date as string;
    await user.click(day);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minute' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'AM or PM' }), 'PM');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Seats and Price' });
    expect(router.state.location.pathname).toBe('/create-ride-seats-price');
    expect(readDraft(driver.id, 'dateTime')).toEqual({ date: chosen, time: '14:30' });

    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await form();
    expect((screen.getByRole('combobox', { name: 'Minute' }) as HTMLSelectElement).value).toBe('30');
    expect((screen.getByRole('combobox', { name: 'AM or PM' }) as HTMLSelectElement).value).toBe('PM');
  });

  it('refuses a departure already past (a draft kept from another day)', async () => {
    seedDraft({ route: {}, dateTime: { date: '2020-01-06', time: '09:00' } });
    wizardApi();
    const { user, router } = open();
    await form();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(rideMessages.pastDeparture);
    expect(router.state.location.pathname).toBe('/create-ride-datetime');
  });

  it('Back returns to the route', async () => {
    seedDraft({ route: {} });
    wizardApi();
    const { user, router } = open();
    await form();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Your Route' });
    expect(router.state.location.pathname).toBe('/create-ride');
  });
});

describe('isPast', () => {
  const now = new Date('2026-11-20T10:15:00Z');
  it('compares in Ghana time (GMT)', () => {
    expect(ghanaToday(now)).toBe('2026-11-20');
    expect(isPast({ date: '2026-11-19', time: '23:55' }, now)).toBe(true);
    expect(isPast({ date: '2026-11-20', time: '10:15' }, now)).toBe(true);
    expect(isPast({ date: '2026-11-20', time: '10:20' }, now)).toBe(false);
    expect(isPast({ date: '2026-11-21', time: '00:00' }, now)).toBe(false);
  });
});
