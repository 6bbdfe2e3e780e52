import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_FAILED_EVENT } from '../../app-failed-event.ts';
import { appOnDemand } from './take-over.ts';

/** The listing as the server sends it: links, a picker's button, Load more, a list of seats. */
const SERVER_MARKUP = `
  <header><a href="/login">Log in</a></header>
  <main>
    <button id="listing-from" type="button">From Accra</button>
    <select id="seats"><option value="1">1</option><option value="2">2</option></select>
    <a href="#ride-1">View Details</a>
    <button type="button">Load more rides</button>
  </main>`;

/** What the app did when it took over: each press and choice on its own controls. */
let seen: string[];
let loads: number;
let failNextLoad: boolean;
let reloads: number;
let root: HTMLElement;
/** How long the script waits for a control the app does not show, here. */
const GIVE_UP_MS = 3000;

/** The app's own handlers on its listing: each press and choice is seen. */
function wireListing(page: HTMLElement) {
  for (const button of page.querySelectorAll('button')) button.addEventListener('click', () => seen.push(`pressed ${button.textContent}`));
  for (const select of page.querySelectorAll('select')) select.addEventListener('change', () => seen.push(`chose ${select.value}`));
}

/**
 * The app rendering a page in place of the server's markup, with its own handlers (`wire`), and
 * the script having looked at it: observers are told of a change in the order they were made,
 * and the script's was made when the app began to load, before this one.
 */
async function appRenders(markup = SERVER_MARKUP, wire: (page: HTMLElement) => void = wireListing) {
  const looked = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true });
  });
  root.innerHTML = markup;
  wire(root);
  await looked;
}

/** A text field as the server sends it. */
const FIELD = '<main><label for="n">First name</label><input id="n" type="text" value=""></main>';

/** The server's text field, focused and typed in (the focus starts loading the app). */
function typedIn(text: string): HTMLInputElement {
  const field = root.querySelector('input') as HTMLInputElement;
  field.focus();
  field.value = text;
  return field;
}

/** The last download of the app the script started, to wait for its failure. */
let lastLoad: Promise<void> | undefined;

/** A page as the server sends it, with the script running. (A previous page's listeners stay on the document, inert: their controls are gone.) */
function serverPage(markup: string, before: () => void = () => {}) {
  document.body.innerHTML = `<div id="root" data-prerendered>${markup}</div>`;
  root = document.getElementById('root') as HTMLElement;
  before();
  appOnDemand(
    document,
    () => {
      loads += 1;
      lastLoad = failNextLoad ? Promise.reject(new Error('offline')) : Promise.resolve();
      return lastLoad;
    },
    {
      giveUpMs: GIVE_UP_MS,
      reload: () => {
        reloads += 1;
      },
    },
  );
}

beforeEach(() => {
  seen = [];
  loads = 0;
  reloads = 0;
  failNextLoad = false;
  serverPage(SERVER_MARKUP);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const serverButton = (name: string) => [...root.querySelectorAll('button')].find((button) => button.textContent === name) as HTMLButtonElement;

describe('a page with the app on demand', () => {
  it('loads nothing until a control is used; a link is just a link', async () => {
    root.querySelector('a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    root.querySelector('a')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(loads).toBe(0);
  });

  it('starts loading the app when a finger goes down on a button, before the press', async () => {
    serverButton('From Accra').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(loads).toBe(1);
  });

  it('holds a press back, says the button is busy, and presses the app’s button once it has rendered', async () => {
    const from = serverButton('From Accra');
    const delivered = from.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(delivered).toBe(false);
    expect(from.getAttribute('aria-busy')).toBe('true');
    expect(loads).toBe(1);
    await appRenders();
    expect(seen).toEqual(['pressed From Accra']);
    expect(document.activeElement?.id).toBe('listing-from');
    // The app's own controls are the app's: a press goes straight to it, and nothing loads again.
    serverButton('Load more rides').click();
    expect(seen).toEqual(['pressed From Accra', 'pressed Load more rides']);
    expect(loads).toBe(1);
  });

  it('makes a choice in a list again in the app’s list', async () => {
    const seats = root.querySelector('select') as HTMLSelectElement;
    seats.value = '2';
    seats.dispatchEvent(new Event('change', { bubbles: true }));
    expect(loads).toBe(1);
    await appRenders();
    expect(seen).toEqual(['chose 2']);
    expect((root.querySelector('select') as HTMLSelectElement).value).toBe('2');
  });

  it('gives what was typed and ticked to the app’s fields before pressing Log In, and keeps the focus and caret', async () => {
    const form = `<main><form>
      <label for="e">Email</label><input id="e" type="email" value="">
      <label for="p">Password</label><input id="p" type="password" value="">
      <label><input type="checkbox"> Remember me</label>
      <button type="submit">Log In</button></form></main>`;
    // As the server sends it: the button that sends the form disabled until this script runs.
    serverPage(form.replace('<button type="submit">', '<button disabled data-until-app type="submit">'));
    expect(serverButton('Log In').disabled).toBe(false);
    const email = root.querySelector('#e') as HTMLInputElement;
    email.focus();
    // The focus coming to a field to type in starts loading the app.
    expect(loads).toBe(1);
    email.value = 'ama@example.com';
    (root.querySelector('input[type=checkbox]') as HTMLInputElement).click();
    const password = root.querySelector('#p') as HTMLInputElement;
    password.focus();
    password.value = 'secret-words';
    password.setSelectionRange(3, 3);
    serverButton('Log In').click();
    // The app: its fields report what they are given; its button reads them when pressed.
    await appRenders(form, (page) => {
      for (const field of page.querySelectorAll('input')) {
        if (field.type === 'checkbox') field.addEventListener('click', () => seen.push(`ticked ${field.checked}`));
        else field.addEventListener('input', () => seen.push(`typed ${field.id} ${field.value}`));
      }
      serverButton('Log In').addEventListener('click', () => seen.push(`pressed with ${(page.querySelector('#p') as HTMLInputElement).value}`));
    });
    expect(seen).toEqual(['typed e ama@example.com', 'typed p secret-words', 'ticked true', 'pressed with secret-words']);
    expect(document.activeElement).toBe(serverButton('Log In'));
  });

  it('puts the focus back in the field being typed in, the caret where it was', async () => {
    serverPage(FIELD);
    typedIn('Ama Ser').setSelectionRange(3, 3);
    await appRenders(FIELD, () => {});
    const appField = root.querySelector('input') as HTMLInputElement;
    expect(document.activeElement).toBe(appField);
    expect(appField.value).toBe('Ama Ser');
    expect([appField.selectionStart, appField.selectionEnd]).toEqual([3, 3]);
  });

  it('passes on the last use when two come before the app', async () => {
    serverButton('From Accra').click();
    serverButton('Load more rides').click();
    expect(serverButton('From Accra').hasAttribute('aria-busy')).toBe(false);
    await appRenders();
    expect(seen).toEqual(['pressed Load more rides']);
    expect(loads).toBe(1);
  });

  it('presses nothing when the app shows another control at that place, and gives the press up once the app has been there a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const seats = root.querySelector('select') as HTMLSelectElement;
    seats.value = '2';
    const load = serverButton('Load more rides');
    load.click();
    await appRenders(SERVER_MARKUP.replace('Load more rides', 'Request a Ride'));
    expect(seen).toEqual([]);
    expect((root.querySelector('select') as HTMLSelectElement).value).toBe('1');
    vi.advanceTimersByTime(GIVE_UP_MS);
    // What the app does show gets what was done there; the button is released; the app's controls are its own.
    expect(seen).toEqual(['chose 2']);
    expect(load.hasAttribute('aria-busy')).toBe(false);
    serverButton('Request a Ride').click();
    expect(seen).toEqual(['chose 2', 'pressed Request a Ride']);
  });

  it('waits for a field being typed in when the app renders the page in steps', async () => {
    serverPage(FIELD);
    typedIn('Ama');
    await appRenders('<main><p>Loading...</p></main>');
    await appRenders(FIELD, (page) => {
      const appField = page.querySelector('input') as HTMLInputElement;
      appField.addEventListener('input', () => seen.push(`typed ${appField.value}`));
    });
    const appField = root.querySelector('input') as HTMLInputElement;
    expect(seen).toEqual(['typed Ama']);
    expect(document.activeElement).toBe(appField);
  });

  it('holds a press from the moment the finger goes down: the app may replace the button before the press ends', async () => {
    serverButton('Load more rides').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await appRenders();
    expect(seen).toEqual(['pressed Load more rides']);
  });

  it('lets a press go when the finger scrolls away or is lifted elsewhere', async () => {
    const load = serverButton('Load more rides');
    load.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    load.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true }));
    expect(load.hasAttribute('aria-busy')).toBe(false);
    const from = serverButton('From Accra');
    from.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    root.querySelector('a')?.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    await appRenders();
    expect(seen).toEqual([]);
  });

  it('passes a pressed submit button’s form to the app’s own handler, not held back', async () => {
    const form = '<main><form><label for="e">Email</label><input id="e" type="email" value=""><button type="submit">Log In</button></form></main>';
    serverPage(form);
    serverButton('Log In').click();
    const sent: boolean[] = [];
    await appRenders(form, (page) => {
      page.querySelector('form')?.addEventListener('submit', (event) => {
        sent.push(event.defaultPrevented);
        event.preventDefault();
      });
    });
    expect(sent).toEqual([false]);
  });

  it('loads the app at once when a field was already being typed in as the script arrived', async () => {
    serverPage(FIELD, () => typedIn('Kofi'));
    expect(loads).toBe(1);
    await appRenders(FIELD);
    expect((root.querySelector('input') as HTMLInputElement).value).toBe('Kofi');
    expect(document.activeElement).toBe(root.querySelector('input'));
  });

  it('waits for the control when the app renders the page in steps', async () => {
    serverButton('Load more rides').click();
    await appRenders('<main><p>Loading rides...</p></main>');
    expect(seen).toEqual([]);
    await appRenders();
    expect(seen).toEqual(['pressed Load more rides']);
  });

  it('releases the button when the app cannot be loaded, and loads the page again on the next press (a failed module is not fetched twice)', async () => {
    failNextLoad = true;
    const from = serverButton('From Accra');
    from.click();
    // The script's own handler of that failure was attached first, so it has run by the time this one does.
    await lastLoad?.catch(() => {});
    expect(from.hasAttribute('aria-busy')).toBe(false);
    expect(reloads).toBe(0);
    from.click();
    expect(reloads).toBe(1);
    expect(loads).toBe(1);
  });

  it('releases the button when the app’s entry ran but the rest of the app could not be loaded', async () => {
    const from = serverButton('From Accra');
    from.click();
    await lastLoad;
    expect(from.getAttribute('aria-busy')).toBe('true');
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
    expect(from.hasAttribute('aria-busy')).toBe(false);
    from.click();
    expect(reloads).toBe(1);
  });

  it('does not put the focus back in a field the visitor had left', async () => {
    serverPage(FIELD);
    typedIn('Ama').blur();
    // The script forgets the field in a microtask after the focusout (queued before this await resumes).
    await Promise.resolve();
    await appRenders(FIELD);
    expect(document.activeElement).toBe(document.body);
    expect((root.querySelector('input') as HTMLInputElement).value).toBe('Ama');
  });

  it('never lets the browser send a form of the server’s markup', () => {
    root.insertAdjacentHTML('beforeend', '<form id="f"><input name="password"></form>');
    const form = root.querySelector('form') as HTMLFormElement;
    const sent = form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(sent).toBe(false);
  });
});
