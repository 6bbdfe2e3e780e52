import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { emptyOtp, OtpInput } from './otp-input.tsx';

function Harness() {
  const [digits, setDigits] = useState(emptyOtp);
  const [completed, setCompleted] = useState<string[]>([]);
  return (
    <>
      <OtpInput label="Verification code" digits={digits} onChange={setDigits} onComplete={(code) => setCompleted((all) => [...all, code])} />
      <output aria-label="Completed">{completed.join(',') || 'none'}</output>
    </>
  );
}

const show = () => renderRoutes([{ path: '/', element: <Harness /> }], '/');
const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement;
const boxes = () => [1, 2, 3, 4].map((n) => box(n).value).join('|');
const completed = () => screen.getByRole('status', { name: 'Completed' }).textContent;

describe('OtpInput', () => {
  it('is a named group of four digit boxes, the first in focus and offered for SMS autofill', () => {
    show();
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group.querySelectorAll('input')).toHaveLength(4);
    expect(document.activeElement).toBe(box(1));
    expect([box(1).getAttribute('inputmode'), box(1).getAttribute('autocomplete')]).toEqual(['numeric', 'one-time-code']);
  });

  it('moves on with each digit typed, ignores letters, and hands over the code once all four are in', async () => {
    const { user } = show();
    await user.keyboard('4a');
    expect(boxes()).toBe('4|||');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('82');
    expect(completed()).toBe('none');
    await user.keyboard('7');
    expect(boxes()).toBe('4|8|2|7');
    expect(completed()).toBe('4827');
  });

  it('Backspace removes one digit a press, going back a box when this one is empty; arrows move between boxes', async () => {
    const { user } = show();
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{Backspace}');
    expect([boxes(), document.activeElement]).toEqual(['1|2||', box(3)]);
    await user.keyboard('{Backspace}');
    expect(boxes()).toBe('1|||');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(2));
  });

  it('takes a pasted code stripped of other signs, only when exactly four digits remain', async () => {
    const { user } = show();
    await user.paste('12 3');
    expect(boxes()).toBe('|||');
    await user.paste('Code: 58-31');
    expect(boxes()).toBe('5|8|3|1');
    expect(completed()).toBe('5831');
  });
});
