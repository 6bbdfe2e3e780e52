import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headingOrderSkips } from '../testing/heading-order.ts';
import { renderRoutes } from '../testing/render-routes.tsx';
import { DatePicker } from './date-picker.tsx';

function Harness({ initial = '' }: { initial?: string }) {
  const [date, setDate] = useState(initial);
  return (
    <>
      <DatePicker id="date" label="Date" value={date} onChange={setDate} />
      <output aria-label="Stored">{date || 'nothing'}</output>
    </>
  );
}

function openPicker(initial?: string) {
  return renderRoutes([{ path: '/', element: <Harness initial={initial} /> }], '/');
}

const stored = () => screen.getByRole('status', { name: 'Stored' }).textContent;
const calendar = () => screen.getByRole('dialog', { name: 'Choose Date' });
const day = (name: string) => within(calendar()).getByRole('button', { name });


describe('DatePicker', () => {
  beforeEach(() => {
    // 23:30 GMT on 20 November: still the 20th in Ghana, whatever zone the phone is set to.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T23:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the month with past days disabled and today marked; a chosen day is stored as yyyy-MM-dd and shown as Mon dd, yyyy', async () => {
    const { user } = openPicker();
    const field = screen.getByRole('button', { name: 'Date Select a date' });
    await user.click(field);
    expect(within(calendar()).getByRole('grid', { name: 'November 2026' })).toBeTruthy();
    expect((day('Thursday, November 19, 2026') as HTMLButtonElement).disabled).toBe(true);
    expect((day('Sunday, November 1, 2026') as HTMLButtonElement).disabled).toBe(true);
    const today = day('Friday, November 20, 2026') as HTMLButtonElement;
    expect(today.disabled).toBe(false);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(within(calendar()).getAllByRole('button').filter((button) => button.getAttribute('aria-current'))).toHaveLength(1);
    expect((within(calendar()).getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(day('Saturday, November 28, 2026'));
    expect(stored()).toBe('2026-11-28');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Date Nov 28, 2026' })).toBe(document.activeElement);

    await user.click(screen.getByRole('button', { name: 'Date Nov 28, 2026' }));
    expect(day('Saturday, November 28, 2026').getAttribute('aria-pressed')).toBe('true');
  });

  it('names the month without a heading of its own, so it opens under any page heading (axe: heading-order)', async () => {
    const { user } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <h1>When are you leaving?</h1>
              <Harness />
            </>
          ),
        },
      ],
      '/',
    );
    await user.click(screen.getByRole('button', { name: 'Date Select a date' }));
    expect(within(calendar()).getByRole('grid', { name: 'November 2026' })).toBeTruthy();
    expect(within(calendar()).queryAllByRole('heading')).toEqual([]);
    expect(headingOrderSkips()).toEqual([]);
  });

  it('moves between months; every day of a later month can be chosen', async () => {
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(within(calendar()).getByRole('button', { name: 'Next month' }));
    expect(within(calendar()).getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    const days = within(calendar()).getAllByRole('button', { name: /December \d+, 2026/ }) as HTMLButtonElement[];
    expect(days).toHaveLength(31);
    expect(days.every((button) => !button.disabled)).toBe(true);
    await user.click(within(calendar()).getByRole('button', { name: 'Previous month' }));
    expect(within(calendar()).getByRole('grid', { name: 'November 2026' })).toBeTruthy();
    await user.click(within(calendar()).getByRole('button', { name: 'Next month' }));
    await user.click(day('Thursday, December 3, 2026'));
    expect(stored()).toBe('2026-12-03');
    expect(screen.getByRole('button', { name: /^Date Dec 03, 2026/ })).toBeTruthy();
  });

  it('keeps focus in the calendar when Previous month reaches this month and is disabled, so Escape still closes it', async () => {
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(within(calendar()).getByRole('button', { name: 'Next month' }));
    await user.click(within(calendar()).getByRole('button', { name: 'Previous month' }));
    expect((within(calendar()).getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(day('Friday, November 20, 2026'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Choose Date' })).toBeNull();
  });

  it('works from the keyboard: arrows move between days (not into the past), Enter chooses, Escape closes', async () => {
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    expect(document.activeElement).toBe(day('Friday, November 20, 2026'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(day('Friday, November 20, 2026'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(day('Saturday, December 5, 2026'));
    expect(within(calendar()).getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(stored()).toBe('2026-12-05');

    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBe('2026-12-05');
  });

  it('opens on the chosen month and can be cleared', async () => {
    const { user } = openPicker('2027-02-14');
    await user.click(screen.getByRole('button', { name: 'Date Feb 14, 2027' }));
    expect(within(calendar()).getByRole('grid', { name: 'February 2027' })).toBeTruthy();
    expect(document.activeElement).toBe(day('Sunday, February 14, 2027'));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clear Date' }));
    expect(stored()).toBe('nothing');
    expect(screen.getByRole('button', { name: 'Date Select a date' })).toBeTruthy();
  });
});
