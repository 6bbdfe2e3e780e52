import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { Select, type SelectProps } from './select.tsx';

function Harness(props: Omit<SelectProps, 'value' | 'onValueChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <Select {...rest} value={value} onValueChange={setValue} />
      <output aria-label="Chosen">{value || 'nothing'}</output>
    </>
  );
}

const show = (props: Parameters<typeof Harness>[0]) => renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
const chosen = () => screen.getByRole('status', { name: 'Chosen' }).textContent;
const colours = ['Black', 'White', 'Silver'];

describe('Select', () => {
  it('is a combobox named by its label, offering the placeholder and then each choice', () => {
    show({ label: 'Colour', placeholder: 'Select a colour', options: colours });
    const select = screen.getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Select a colour', 'Black', 'White', 'Silver']);
    expect(select.value).toBe('');
    expect(chosen()).toBe('nothing');
  });

  it('hands over the value of the choice picked, and shows a label other than the value', async () => {
    const { user } = show({
      label: 'Licence Class',
      options: [
        { value: 'A', label: 'A - Motorcycles' },
        { value: 'B', label: 'B - Cars' },
      ],
      initial: 'A',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Licence Class' }), 'B - Cars');
    expect(chosen()).toBe('B');
  });

  it('is reached with Tab like any other field', async () => {
    const { user } = show({ label: 'Seats', options: [1, 2, 3, 4], initial: '1' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Seats' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Seats' }), '3');
    expect(chosen()).toBe('3');
  });

  it('without an error: not marked invalid, and described by its hint', () => {
    show({ label: 'Network', options: colours, hint: 'Chosen from the number' });
    const select = screen.getByRole('combobox', { name: 'Network' });
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Chosen from the number');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with an error: the message is an alert that describes the select', () => {
    show({ label: 'Network', options: colours, hint: 'Chosen from the number', error: 'Choose a network' });
    const select = screen.getByRole('combobox', { name: 'Network' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Choose a network');
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.queryByText('Chosen from the number')).toBeNull();
  });

  it('inline: the label beside the select still names it', async () => {
    const { user } = show({ label: 'Status', options: ['Pending', 'Approved'], initial: 'Pending', inline: true });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    expect(chosen()).toBe('Approved');
  });

  it('inline: described by its hint, then marked invalid and described by an announced error', () => {
    show({ label: 'Status', options: ['Pending'], inline: true, hint: 'Filters the list' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(status.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Filters the list');
    expect(screen.queryByRole('alert')).toBeNull();

    show({ label: 'Region', options: ['Ashanti'], inline: true, hint: 'Where the ride starts', error: 'Choose a region' });
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Choose a region');
    expect(region.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.queryByText('Where the ride starts')).toBeNull();
  });
});
