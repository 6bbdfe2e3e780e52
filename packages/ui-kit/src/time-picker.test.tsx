import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { TimePicker } from './time-picker.tsx';

function Harness({ initial = '' }: { initial?: string }) {
  const [time, setTime] = useState(initial);
  return (
    <>
      <TimePicker id="time" label="Departure time" value={time} onChange={setTime} />
      <output aria-label="Stored">{time || 'nothing'}</output>
    </>
  );
}

const openPicker = (initial?: string) => renderRoutes([{ path: '/', element: <Harness initial={initial} /> }], '/');
const stored = () => screen.getByRole('status', { name: 'Stored' }).textContent;
const group = () => screen.getByRole('group', { name: 'Departure time' });
const select = (name: string) => within(group()).getByRole('combobox', { name }) as HTMLSelectElement;
const choices = (name: string) => [...select(name).options].filter((option) => !option.disabled && option.value).map((option) => option.value);


describe('TimePicker', () => {
  it('offers hours 1 to 12, minutes in steps of 5 and AM/PM', () => {
    openPicker();
    expect(choices('Hour')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(choices('Minute')).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    expect(choices('AM or PM')).toEqual(['AM', 'PM']);
    expect(stored()).toBe('nothing');
  });

  it('stores the time chosen as 24-hour HH:MM', async () => {
    const { user } = openPicker();
    await user.selectOptions(select('Hour'), '2');
    expect(stored()).toBe('02:00');
    await user.selectOptions(select('Minute'), '35');
    await user.selectOptions(select('AM or PM'), 'PM');
    expect(stored()).toBe('14:35');
    await user.selectOptions(select('Hour'), '12');
    expect(stored()).toBe('12:35');
    await user.selectOptions(select('AM or PM'), 'AM');
    expect(stored()).toBe('00:35');
  });

  it('waits for an hour before storing anything', async () => {
    const { user } = openPicker();
    await user.selectOptions(select('Minute'), '45');
    await user.selectOptions(select('AM or PM'), 'PM');
    expect(stored()).toBe('nothing');
    await user.selectOptions(select('Hour'), '6');
    expect(stored()).toBe('18:45');
  });

  it('shows a stored time in 12-hour parts', () => {
    openPicker('09:05');
    expect([select('Hour').value, select('Minute').value, select('AM or PM').value]).toEqual(['9', '05', 'AM']);
  });
});
