/**
 * A page sent with the app on demand (to a visitor without a session: the search pages and the
 * sign-in and sign-up forms, server/prerendered-pages.ts) is working HTML: its cards and links
 * need no script, its fields take typing and its lists open. What the controls do needs the app.
 * This loads the app at the first use of a control and hands everything done meanwhile to it, once
 * it has rendered the same page in place of the server's markup (the same controls in the same
 * order, told apart by their names: it renders from the same data):
 *
 * - what was typed, ticked or chosen is given to the app's fields, as typing would give it;
 * - a press of a button is held back (the button says it is busy), then made on the app's button,
 *   after the fields have their values (so Log In sends what was typed);
 * - the field that had the focus has it again, with the caret where it was.
 *
 * The app starts loading as soon as a finger or key goes down on a button, the focus comes to a
 * field to type in, or a list or box changes (or at once, when a field was already being typed in
 * as this script arrived). The hand-over waits until the app shows every control it needs; what the
 * app does not show (its error screen, a ride gone meanwhile) is given up once the app has been
 * there for `giveUpMs`. If the app cannot be loaded (the network dropped), the button is released,
 * and the next press loads the page again: the browser would not fetch a failed module twice. A form
 * of the server's markup is never sent the browser's way.
 */

/** What a visitor uses: buttons, lists and fields, found in the page's main content, in document order. */
const CONTROLS = 'button, select, input, textarea';

import { APP_FAILED_EVENT } from '../../app-failed-event.ts';

/** Loads the app's entry script; resolves once it has run, rejects when it could not be fetched. */
export type LoadApp = () => Promise<void>;

/** The app's entry, added as the page would have had it: a module script. */
export function scriptLoader(doc: Document, src: string): LoadApp {
  return () =>
    new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => reject(new Error(`the app (${src}) could not be loaded`)));
      doc.head.append(script);
    });
}

const controlsOf = (root: Element): Element[] => [...(root.querySelector('main') ?? root).querySelectorAll(CONTROLS)];

/** What a person reads on a control (its own words, or its label's), to tell that the app's control at the same place is the same one. */
function nameOf(control: Element): string {
  const labelled = control as Partial<HTMLInputElement>;
  const label = labelled.labels?.[0]?.textContent;
  const words = control.getAttribute('aria-label') ?? label ?? (control instanceof HTMLSelectElement ? '' : control.textContent);
  return `${control.tagName}:${(control as HTMLInputElement).type ?? ''}:${words?.trim() ?? ''}`;
}

/**
 * A value given in the server's control, given again to the app's, as a person's would be: through
 * the element's own value setter (React tracks the value it last set) and the event React reads.
 */
function giveValue(control: HTMLElement, value: string, event: 'change' | 'input'): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
  setter?.call(control, value);
  control.dispatchEvent(new Event(event, { bubbles: true }));
}

const isTyped = (control: Element): control is HTMLInputElement | HTMLTextAreaElement =>
  control instanceof HTMLTextAreaElement || (control instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden', 'button', 'submit', 'reset'].includes(control.type));
const isTicked = (control: Element): control is HTMLInputElement => control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

/** The option a list shows when the page is loaded (the one the HTML selects, or the first). */
const initialChoice = (select: HTMLSelectElement) => ([...select.options].find((option) => option.defaultSelected) ?? select.options[0])?.value;

/** What the visitor changed in a server field, or undefined: typed text, a tick, a choice. */
function changeIn(control: Element): { kind: 'typed' | 'chosen'; value: string } | { kind: 'ticked'; checked: boolean } | undefined {
  if (isTyped(control) && control.value !== control.defaultValue) return { kind: 'typed', value: control.value };
  if (isTicked(control) && control.checked !== control.defaultChecked) return { kind: 'ticked', checked: control.checked };
  if (control instanceof HTMLSelectElement && control.value !== initialChoice(control)) return { kind: 'chosen', value: control.value };
  return undefined;
}

function markBusy(control: Element, busy: boolean): void {
  if (!(control instanceof HTMLElement)) return;
  if (busy) {
    control.setAttribute('aria-busy', 'true');
    control.style.cursor = 'progress';
  } else {
    control.removeAttribute('aria-busy');
    control.style.removeProperty('cursor');
  }
}

type Options = {
  /** How long the app may show the page without a control the hand-over needs before that one is given up. */
  giveUpMs?: number;
  /** Loads the page again, the one way to retry a module the browser failed to fetch. */
  reload?: () => void;
};

/** Takes the page's controls on: loads the app at their first use and hands it what was done meanwhile. */
export function appOnDemand(doc: Document, loadApp: LoadApp, { giveUpMs = 3000, reload = () => location.reload() }: Options = {}): void {
  const root = doc.getElementById('root');
  if (!root) return;
  // The buttons that send a form come disabled, so that nothing is sent without this script (liveControls).
  for (const control of root.querySelectorAll('[data-until-app]:disabled')) control.removeAttribute('disabled');
  const inOrder = controlsOf(root);
  const serverControls = new Set(inOrder);
  /** Each control's name, read now: once the app has removed them, fields no longer have their labels. */
  const names = inOrder.map(nameOf);
  /** Every listener of this script, removed together once the app has taken over. */
  const listening = new AbortController();
  const on = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void, capture = true) =>
    doc.addEventListener(type, listener, { capture, signal: listening.signal });

  let state: 'waiting' | 'loading' | 'failed' | 'taken over' = 'waiting';
  /** The press held back until the app is there: a server button's place among the controls. */
  let pending: number | undefined;
  /** The server control that has the focus (Chrome sends a focusout when the app's render removes it: see below). */
  let focused: Element | undefined;

  const serverControl = (target: EventTarget | null): Element | undefined => {
    const control = target instanceof Element ? target.closest(CONTROLS) : null;
    return control && serverControls.has(control) ? control : undefined;
  };

  /** Releases the button whose press is held, and forgets the press. */
  const release = () => {
    const held = pending === undefined ? undefined : inOrder[pending];
    if (held) markBusy(held, false);
    pending = undefined;
  };

  /** The app's control at `index` when it is the same one, by name. */
  const counterpart = (index: number): HTMLElement | undefined => {
    const found = controlsOf(root)[index];
    return found instanceof HTMLElement && nameOf(found) === names[index] ? found : undefined;
  };

  /**
   * Once the server's markup is gone: finds every control the hand-over needs in the app's page
   * (all of them, before any value is given, which may change the page), and hands over when all
   * are there or, when `giveUp` (the wait is over), whatever is. Returns whether it is done.
   */
  let appeared = false;
  const handOver = (giveUp: boolean): boolean => {
    if (inOrder[0]?.isConnected) return false;
    appeared = true;
    const changed = inOrder.flatMap((control, index) => {
      const change = changeIn(control);
      return change ? [{ index, change }] : [];
    });
    const focusAt = focused ? inOrder.indexOf(focused) : -1;
    const needed = new Set([...changed.map(({ index }) => index), ...(pending === undefined ? [] : [pending]), ...(focusAt >= 0 ? [focusAt] : [])]);
    const found = new Map([...needed].flatMap((index) => {
      const control = counterpart(index);
      return control ? [[index, control] as const] : [];
    }));
    if (found.size < needed.size && !giveUp) return false;

    const caret = focused && isTyped(focused) && focused.selectionStart !== null ? ([focused.selectionStart, focused.selectionEnd ?? focused.selectionStart] as const) : undefined;
    const pressedAt = pending;
    release();
    // From here on every event is the app's: its forms are its own to send.
    state = 'taken over';
    listening.abort();
    for (const { index, change } of changed) {
      const target = found.get(index);
      if (!target) continue;
      if (change.kind === 'ticked') {
        if ((target as HTMLInputElement).checked !== change.checked) target.click();
      } else giveValue(target, change.value, change.kind === 'chosen' ? 'change' : 'input');
    }
    const pressed = pressedAt === undefined ? undefined : found.get(pressedAt);
    if (pressed) {
      pressed.focus();
      pressed.click();
    } else if (focusAt >= 0) {
      const target = found.get(focusAt);
      target?.focus();
      if (caret && target && isTyped(target)) target.setSelectionRange(...caret);
    }
    return true;
  };

  const load = () => {
    if (state === 'failed') return reload();
    if (state !== 'waiting') return;
    state = 'loading';
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
    const observer = new MutationObserver(() => {
      if (handOver(false)) return finish();
      // The app is there but not all it needs is: hand over what is, when the wait is over.
      if (appeared && giveUp === undefined) {
        giveUp = setTimeout(() => {
          handOver(true);
          finish();
        }, giveUpMs);
      }
    });
    observer.observe(root, { childList: true, subtree: true });
    const failed = () => {
      if (state !== 'loading') return;
      finish();
      state = 'failed';
      release();
    };
    doc.addEventListener(APP_FAILED_EVENT, failed, { signal: listening.signal });
    loadApp().catch(failed);
  };

  const hold = (control: Element) => {
    const index = inOrder.indexOf(control);
    if (pending !== index) release();
    pending = index;
    markBusy(control, true);
    load();
  };
  const isPressable = (control: Element | undefined): control is Element =>
    control instanceof HTMLButtonElement || (control instanceof HTMLInputElement && (control.type === 'button' || control.type === 'submit'));

  on('focusin', (event) => {
    focused = serverControl(event.target);
    if (focused && isTyped(focused)) load();
  });
  // Left by the visitor, a field is forgotten; removed by the app's render, it is not (still out of the page by then).
  on('focusout', (event) => {
    const left = event.target;
    queueMicrotask(() => {
      if (left === focused && focused.isConnected) focused = undefined;
    });
  });
  // A finger or key going down on a button starts the download, and holds the press: the app may
  // replace the button before the press is complete. A scroll that began there lets it go.
  on('pointerdown', (event) => {
    const control = serverControl(event.target);
    if (isPressable(control)) hold(control);
  });
  const letGo = (event: PointerEvent) => {
    const held = pending === undefined ? undefined : inOrder[pending];
    if (held && !(event.type === 'pointerup' && serverControl(event.target) === held)) release();
  };
  // A scroll that began on the button, or a finger lifted elsewhere, is no press.
  on('pointercancel', letGo);
  on('pointerup', letGo);
  on('keydown', (event) => {
    const control = serverControl(event.target);
    if (isPressable(control) && (event.key === 'Enter' || event.key === ' ')) hold(control);
  });
  on('click', (event) => {
    const control = serverControl(event.target);
    if (!isPressable(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(control);
  });
  // A choice in a list, a box ticked: the app is needed, and takes the change over.
  on('change', (event) => {
    if (serverControl(event.target)) load();
  });
  // A form of the server's markup is never sent the browser's way: the app sends it.
  on('submit', (event) => {
    if (event.target instanceof Element && root.contains(event.target)) event.preventDefault();
  });

  // Typing that began before this script arrived (a slow link): the app comes now.
  focused = serverControl(doc.activeElement);
  if ((focused && isTyped(focused)) || inOrder.some((control) => changeIn(control))) load();
}
