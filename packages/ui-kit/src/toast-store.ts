import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { failureText } from './api-request.ts';

/** The spec's toast constants (section 9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  /** `destructive` is the style every failure uses. */
  variant?: ToastVariant;
  duration?: number;
};

export type ToastRecord = {
  id: string;
  title?: string | undefined;
  description?: string | undefined;
  variant: ToastVariant;
  duration: number;
  open: boolean;
};

const toastsAtom = atom<ToastRecord[]>([]);

const addToastAtom = atom(null, (get, set, toast: ToastRecord) => {
  // Newest first, and only TOAST_LIMIT kept: a new toast replaces the one on screen.
  set(toastsAtom, [toast, ...get(toastsAtom)].slice(0, TOAST_LIMIT));
});

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

const dismissToastAtom = atom(null, (get, set, id?: string) => {
  const ids = id ? [id] : get(toastsAtom).map((toast) => toast.id);
  for (const toastId of ids) {
    if (removalTimers.has(toastId)) continue;
    // A dismissed toast closes at once but stays in memory for the spec's removal delay.
    const timer = setTimeout(() => {
      removalTimers.delete(toastId);
      set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== toastId));
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.set(toastId, timer);
  }
  set(toastsAtom, (toasts) => toasts.map((toast) => (ids.includes(toast.id) ? { ...toast, open: false } : toast)));
});

let sequence = 0;

/** Shows and dismisses toasts; every screen's success and failure messages go through here. */
export function useToast() {
  const add = useSetAtom(addToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return useMemo(() => {
    const toast = ({ title, description, variant = 'default', duration = TOAST_DURATION_MS }: ToastInput) => {
      sequence += 1;
      const id = `toast-${sequence}`;
      add({ id, title, description, variant, duration, open: true });
      return { id, dismiss: () => dismiss(id) };
    };
    return {
      toast,
      dismiss: (id?: string) => dismiss(id),
      /** An `onError` for a request: a red toast with the server's message, else `fallback`. */
      toastFailure: (title: string, fallback: string) => (error: unknown) => {
        toast({ variant: 'destructive', title, description: failureText(error, fallback) });
      },
    };
  }, [add, dismiss]);
}

/** Every toast still in memory, open or closed (closed ones are no longer shown). */
export function useToasts(): ToastRecord[] {
  return useAtomValue(toastsAtom);
}
