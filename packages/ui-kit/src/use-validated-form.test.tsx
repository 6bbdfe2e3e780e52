import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderRoutes } from '../testing/render-routes.tsx';
import { EmailField } from './text-field.tsx';
import { type LoadedCheck, useValidatedForm, validateWithLoaded } from './use-validated-form.ts';

type Values = { email: string };
const schema = z.object({ email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email') });

/** A schema download the test finishes when it chooses, counting how often it was asked for. */
function heldSchema() {
  const held = { asked: 0, finish: () => {} };
  const check = validateWithLoaded<Values, Values>(
    () =>
      new Promise((resolve) => {
        held.asked += 1;
        held.finish = () => resolve(schema);
      }),
    ['email'],
  );
  return { held, check };
}

function Harness({ check, sent }: { check: LoadedCheck<Values, Values>; sent: Values[] }) {
  const form = useValidatedForm({ initial: { email: '' }, validate: check });
  return (
    <form noValidate onSubmit={form.onSubmit((request) => sent.push(request))}>
      <EmailField label="Email" {...form.field('email')} />
      <button type="submit">{form.checking ? 'Checking...' : 'Send'}</button>
    </form>
  );
}

/** The form with its schema held back, and what it sends. */
function showHeld() {
  const { held, check } = heldSchema();
  const sent: Values[] = [];
  const { user } = renderRoutes([{ path: '/', element: <Harness check={check} sent={sent} /> }], '/');
  return { held, sent, user, email: () => screen.getByRole('textbox', { name: 'Email' }), send: () => user.click(screen.getByRole('button', { name: /^(Send|Checking\.\.\.)$/ })) };
}

describe('validateWithLoaded', () => {
  it('asks for the schema only once the form is used: a field focused', async () => {
    const { held, user, email } = showHeld();
    expect(held.asked).toBe(0);
    await user.click(email());
    expect(held.asked).toBe(1);
    await user.type(email(), 'a');
    expect(held.asked).toBe(1);
  });

  it('holds a submit until the schema is there, the button busy, then checks and sends what was pressed, once', async () => {
    const { held, sent, user, email, send } = showHeld();
    await user.type(email(), 'ama@krom.gh');
    await send();
    await send();
    expect(sent).toEqual([]);
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeTruthy();
    await act(async () => held.finish());
    expect(sent).toEqual([{ email: 'ama@krom.gh' }]);
    expect(held.asked).toBe(1);
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('sends nothing a visitor went on typing after the press: the messages follow what is there, and the next press sends', async () => {
    const { held, sent, user, email, send } = showHeld();
    await user.type(email(), 'ama@');
    await send();
    await user.type(email(), 'krom.gh');
    await act(async () => held.finish());
    expect(sent).toEqual([]);
    expect(email()).toHaveProperty('value', 'ama@krom.gh');
    await send();
    expect(sent).toEqual([{ email: 'ama@krom.gh' }]);
  });

  it('says so when the check cannot be downloaded, and the next press tries again', async () => {
    let online = false;
    const check = validateWithLoaded<Values, Values>(() => (online ? Promise.resolve(schema) : Promise.reject(new Error('offline'))), ['email']);
    const sent: Values[] = [];
    const { user } = renderRoutes([{ path: '/', element: <Harness check={check} sent={sent} /> }], '/');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ama@krom.gh');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Could not check the form')).toBeTruthy();
    expect(sent).toEqual([]);
    online = true;
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ email: 'ama@krom.gh' }]);
  });

  it('shows the schema’s own messages once loaded, following the typing after a submit', async () => {
    const { held, sent, user, email, send } = showHeld();
    await send();
    expect(screen.queryByText('Email is required')).toBeNull();
    await act(async () => held.finish());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(email(), 'ama@');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    await user.type(email(), 'krom.gh');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    expect(sent).toEqual([]);
    await send();
    expect(sent).toEqual([{ email: 'ama@krom.gh' }]);
  });

  it('asks again after a failed download, on the next use', async () => {
    let asked = 0;
    const check = validateWithLoaded<Values, Values>(() => {
      asked += 1;
      return asked === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(schema);
    }, ['email']);
    await expect(check.load()).rejects.toThrow('offline');
    expect(check.ready()).toBeUndefined();
    const loaded = await check.load();
    expect(loaded({ email: '' }).errors).toEqual({ email: 'Email is required' });
    expect(check.ready()).toBe(loaded);
    expect(asked).toBe(2);
  });
});
