import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The page's one script runs as soon as it has arrived (`async`): on a busy phone that can be
 * before the rest of the page is parsed. It must not miss the server's controls then.
 */

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the app-on-demand script', () => {
  it('waits for a page still being parsed before taking its controls on (the form is sent by nothing else)', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    document.head.innerHTML = '<script type="module" async data-app="/assets/index.js"></script>';
    await import('./app-on-demand.ts');

    // The rest of the page arrives: the server's form, its button disabled until the script runs.
    document.body.innerHTML = '<div id="root"><form><input name="email"><button type="submit" data-until-app disabled>Log In</button></form></div>';
    const button = document.querySelector('button')!;
    expect(button.disabled).toBe(true);
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(button.disabled).toBe(false);
  });

  it('takes the controls on at once when the page is already parsed', async () => {
    document.head.innerHTML = '<script type="module" async data-app="/assets/index.js"></script>';
    document.body.innerHTML = '<div id="root"><form><input name="email"><button type="submit" data-until-app disabled>Log In</button></form></div>';
    await import('./app-on-demand.ts');
    expect(document.querySelector('button')!.disabled).toBe(false);
  });
});
