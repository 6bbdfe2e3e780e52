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
 * field to type in, or a list or box changes. If the app cannot be loaded (the network dropped),
 * the button is released and the next press tries again. A form is never sent the browser's way.
 */

/** What a visitor uses: buttons, lists and fields, found in the page's main content, in document order. */
const CONTROLS = 'button, select, input, textarea';

/** A press held back until the app is there: the server's button, at its place among the controls. */
type Pending = { control: Element; index: number };
type Focus = { index: number; name: string; selection?: [number, number] };

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
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`the app (${src}) could not be loaded`));
      });
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

/** The app's counterpart of a control of the server's markup, or undefined while the app has not rendered it. */
function counterpart(root: Element, index: number, name: string): HTMLElement | undefined {
  const found = controlsOf(root)[index];
  return found instanceof HTMLElement && nameOf(found) === name ? found : undefined;
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

/**
 * What was typed, ticked and chosen in the server's fields (what differs from the HTML), given to
 * the app's fields at the same places. `names`: the fields' names, read while they were in the
 * page (a removed field has no label any more).
 */
function carryOver(root: Element, from: Element[], names: string[]): void {
  for (const [index, control] of from.entries()) {
    const typed = isTyped(control) && control.value !== control.defaultValue;
    const ticked = isTicked(control) && control.checked !== control.defaultChecked;
    const chosen = control instanceof HTMLSelectElement && control.value !== initialChoice(control);
    if (!typed && !ticked && !chosen) continue;
    const target = counterpart(root, index, names[index] ?? '');
    if (!target) continue;
    if (ticked) {
      if ((target as HTMLInputElement).checked !== (control as HTMLInputElement).checked) target.click();
    } else giveValue(target, (control as HTMLInputElement).value, chosen ? 'change' : 'input');
  }
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

export function appOnDemand(doc: Document, loadApp: LoadApp): void {
  const root = doc.getElementById('root');
  if (!root) return;
  // The buttons that send a form come disabled, so that nothing is sent without this script (liveControls).
  for (const control of root.querySelectorAll('[data-until-app]:disabled')) control.removeAttribute('disabled');
  const serverControls = new Set(controlsOf(root));
  let state: 'waiting' | 'loading' | 'taken over' = 'waiting';
  let pending: Pending | undefined;
  const inOrder = [...serverControls];
  /** Each control's name, read now: once the app has removed them, fields no longer have their labels. */
  const names = inOrder.map(nameOf);

  const serverControl = (target: EventTarget | null): Element | undefined => {
    const control = target instanceof Element ? target.closest(CONTROLS) : null;
    return control && serverControls.has(control) ? control : undefined;
  };

  // The server's control that has the focus. Left by the visitor, it is forgotten; removed by the
  // app's render (Chrome then sends a focusout too), it is still named when the app takes over.
  let focused: Element | undefined;
  doc.addEventListener('focusin', (event) => {
    focused = serverControl(event.target);
  });
  doc.addEventListener('focusout', (event) => {
    const left = event.target;
    queueMicrotask(() => {
      if (left === focused && focused.isConnected) focused = undefined;
    });
  });
  /** Where the focus was, and the caret in it (a removed field keeps both). */
  const focusBefore = (): Focus | undefined => {
    if (!focused) return undefined;
    const index = inOrder.indexOf(focused);
    const focus: Focus = { index, name: names[index] ?? '' };
    if (isTyped(focused) && focused.selectionStart !== null && focused.selectionEnd !== null) focus.selection = [focused.selectionStart, focused.selectionEnd];
    return focus;
  };

  const handOver = (): boolean => {
    if (inOrder[0]?.isConnected) return false;
    const focus = focusBefore();
    const control = pending ? counterpart(root, pending.index, names[pending.index] ?? '') : undefined;
    if (pending && !control) return false;
    carryOver(root, inOrder, names);
    if (control) {
      control.focus();
      control.click();
    } else if (focus) {
      const target = counterpart(root, focus.index, focus.name);
      target?.focus();
      if (focus.selection && target && isTyped(target)) target.setSelectionRange(...focus.selection);
    }
    return true;
  };

  const load = () => {
    if (state !== 'waiting') return;
    state = 'loading';
    const observer = new MutationObserver(() => {
      if (!handOver()) return;
      observer.disconnect();
      state = 'taken over';
    });
    observer.observe(root, { childList: true, subtree: true });
    loadApp().catch(() => {
      observer.disconnect();
      state = 'waiting';
      if (pending) markBusy(pending.control, false);
      pending = undefined;
    });
  };

  const press = (control: Element) => {
    if (pending && pending.control !== control) markBusy(pending.control, false);
    pending = { control, index: inOrder.indexOf(control) };
    markBusy(control, true);
    load();
  };

  // Before the press: a finger or key down on a button, or the focus coming to a field to type in, starts the download.
  const early = (event: Event) => {
    const control = serverControl(event.target);
    if (control && (control.tagName === 'BUTTON' || isTyped(control)) && state === 'waiting') load();
  };
  doc.addEventListener('pointerdown', early, true);
  doc.addEventListener('keydown', early, true);
  doc.addEventListener('focusin', early, true);

  doc.addEventListener(
    'click',
    (event) => {
      const control = serverControl(event.target);
      if (!control || state === 'taken over' || !(control instanceof HTMLButtonElement || control instanceof HTMLInputElement)) return;
      if (control instanceof HTMLInputElement && control.type !== 'button' && control.type !== 'submit') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      press(control);
    },
    true,
  );
  // A choice in a list, a box ticked: the app is needed, and takes the choice over (carryOver).
  doc.addEventListener(
    'change',
    (event) => {
      if (serverControl(event.target)) load();
    },
    true,
  );
  // A form of the server's markup is never sent the browser's way: the app sends it.
  doc.addEventListener(
    'submit',
    (event) => {
      if (state !== 'taken over' && event.target instanceof Element && root.contains(event.target)) event.preventDefault();
    },
    true,
  );
}
