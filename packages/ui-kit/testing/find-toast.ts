import { screen, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';

type ShownToast = { text: string; destructive: boolean };

/**
 * The toasts shown in the current test, oldest first, each read as it appeared. A toast closes by
 * itself 5 s after it opens, and a machine kept busy by other work can spend that before the test
 * looks: a toast noted when it appears is still there to read.
 */
const shown: { toast: ShownToast; item: Element }[] = [];
const noted = new WeakSet<Element>();
/** How many of `shown` a findToast has already answered with. */
let read = 0;
const region = 'section[aria-label="Notifications (F8)"]';

function note(item: Element) {
  if (noted.has(item)) return;
  noted.add(item);
  shown.push({ toast: { text: item.textContent ?? '', destructive: item.getAttribute('role') === 'alert' }, item });
}

// From the records, not the page: a toast opened and closed between two looks is gone from the page.
function noteAdded(records: MutationRecord[]) {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.matches('li') && record.target instanceof Element && record.target.closest(region)) note(node);
      for (const item of node.querySelectorAll(`${region} li`)) note(item);
    }
  }
}

const observer = new MutationObserver(noteAdded);
observer.observe(document.body, { childList: true, subtree: true });
afterEach(() => {
  shown.length = 0;
  read = 0;
});

/**
 * Waits for the newest toast and reads it as a person would: its text, and whether it is a failure.
 * A toast an earlier call already read counts only while it is still on the page (a screen
 * unmounted since took its toasts with it: the next one is waited for).
 */
export async function findToast(): Promise<ShownToast> {
  screen.getByRole('region', { name: 'Notifications (F8)' });
  return waitFor(() => {
    noteAdded(observer.takeRecords());
    const newest = shown.at(-1);
    if (newest && (shown.length > read || newest.item.isConnected)) {
      read = shown.length;
      return newest.toast;
    }
    throw new Error('No toast was shown');
  });
}
