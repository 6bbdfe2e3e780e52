import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { chartWeeks, nothingYet, paidOut } from './dashboard-answers.ts';

beforeAll(() => import('../components/driver-dashboard-page.tsx'), 30_000);


function open(earnings: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({
    ...frameAnswers(aUser({ firstName: 'Kwabena' })),
    'GET /api/rides/driver-dashboard': { status: 200, body: nothingYet },
    'GET /api/payments/earnings': earnings,
  });
  return { api, ...renderRoutes(routes, '/driver-dashboard') };
}

describe('/driver-dashboard earnings', () => {
  it('shows what was paid out by period and a bar for each of the last 12 weeks, read out week by week', async () => {
    const amounts = ['0.00', '0.00', '40.00', '0.00', '0.00', '0.00', '0.00', '0.00', '120.00', '0.00', '0.00', '60.25'];
    const earnings = paidOut({
      today: '60.25',
      thisWeek: '60.25',
      thisMonth: '180.25',
      lastMonth: '0.00',
      weeks: chartWeeks.map((weekStart, index) => ({ weekStart, amount: amounts[index] ?? '0.00' })),
    });
    open({ status: 200, body: earnings });
    expect((await screen.findByRole('region', { name: 'This month' })).textContent).toBe('This monthGH₵180.25');
    expect(screen.getByRole('region', { name: 'Today' }).textContent).toBe('TodayGH₵60.25');

    const chart = screen.getByRole('figure', { name: 'Paid out in the last 12 weeks' });
    // The drawing: 12 bars, the highest week full height, the others in proportion, an empty week a sliver.
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('data-week'))).toEqual(chartWeeks);
    expect(bars.map((bar) => Number(bar.getAttribute('height')).toFixed(2))).toEqual(
      ['1', '1', '33.33', '1', '1', '1', '1', '1', '100', '1', '1', '50.21'].map((height) => Number(height).toFixed(2)),
    );
    expect(chart.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // The figures, for a screen reader: one row per week with its amount.
    const table = within(chart).getByRole('table', { name: 'Paid out per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[2]?.textContent).toBe('21 Sep 2026GH₵40.00');
    expect(rows[11]?.textContent).toBe('23 Nov 2026GH₵60.25');
    expect(within(chart).getByText('7 Sep')).toBeTruthy();
    expect(within(chart).getByText('23 Nov')).toBeTruthy();
  });

  it('draws 12 even slivers when nothing was paid out yet', async () => {
    open({ status: 200, body: paidOut() });
    const chart = await screen.findByRole('figure', { name: 'Paid out in the last 12 weeks' });
    expect([...chart.querySelectorAll('rect')].map((bar) => bar.getAttribute('height'))).toEqual(Array(12).fill('1'));
  });

  it('says when the earnings could not be loaded, shows the rides anyway, and tries again on request', async () => {
    let fail = true;
    const { api, user } = open(() => (fail ? { status: 503, body: { message: 'Unavailable' } } : { status: 200, body: paidOut({ today: '5.00' }) }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your earnings could not be loaded.');
    expect(await screen.findByRole('region', { name: 'Active ride' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('region', { name: 'Today' })).textContent).toBe('TodayGH₵5.00');
    expect(api.callsTo('GET', '/api/payments/earnings')).toHaveLength(2);
  });
});
