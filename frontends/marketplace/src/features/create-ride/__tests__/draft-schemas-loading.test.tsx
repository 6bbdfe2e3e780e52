import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { loadDraftSchemas, readDraft } from '../ride-draft.ts';
import { driver, elsewhere, seedDraft, wizardApi } from './wizard-api.tsx';

/**
 * The draft's schemas (and zod) download apart from the wizard's first step: only when there is a
 * draft to read, or as one is first written. Here that download is held or made to fail.
 */
const download = vi.hoisted(() => ({ outcome: (): Promise<void> => Promise.resolve() }));
vi.mock('../ride-draft-schemas.ts', async (importOriginal) => {
  await download.outcome();
  return importOriginal();
});

beforeAll(async () => {
  await import('../components/route-step-page.tsx');
});

beforeEach(() => sessionStorage.clear());

const open = () => renderRoutes([...elsewhere, ...routes], '/create-ride');
const form = () => screen.findByRole('form', { name: 'Your Route' });
const offline = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

describe('the ride draft’s schemas, loaded apart from the wizard', () => {
  it('are not needed to start a first ride', async () => {
    download.outcome = offline;
    wizardApi();
    const { user } = open();
    await form();
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Where are you leaving from?');
    // Writing the draft starts their download; its failure leaves the step as it is.
    await user.type(screen.getByLabelText('Description (optional)'), 'AC on');
    await user.click(screen.getByRole('button', { name: 'Add Stop (0/5)' }));
    // The download the edit started (the one in flight, which loadDraftSchemas hands out) has failed: the step is as it was.
    await expect(loadDraftSchemas()).rejects.toThrow();
    expect(screen.getByRole('button', { name: /^Stop 1/ })).toBeTruthy();
    expect((screen.getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe('AC on');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('a stored draft waits for them: the page cannot be loaded when they cannot be downloaded', async () => {
    download.outcome = offline;
    seedDraft({ route: {} });
    wizardApi();
    open();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This page could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Your Route' })).toBeNull();
    // Nothing is lost: the draft is still there for the next try.
    expect(sessionStorage.getItem(`krom.ride-draft.${driver.id}.route`)).not.toBeNull();
  });

  it('a stored draft shows under the step’s title once they have downloaded', async () => {
    let finish = () => {};
    download.outcome = () => new Promise<void>((resolve) => (finish = resolve));
    seedDraft({ route: {} });
    wizardApi();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Your Route' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('form', { name: 'Your Route' })).toBeNull();

    finish();
    await form();
    expect(screen.getByRole('button', { name: /^Departure/ }).textContent).toContain('Kwame Nkrumah Circle');
    expect(screen.getByRole('button', { name: /^Destination/ }).textContent).toContain('Kejetia');
    expect(readDraft(driver.id, 'route')?.destination?.name).toBe('Kejetia');
  });
});
