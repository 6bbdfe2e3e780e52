import { screen, waitFor } from '@testing-library/react';

/** Waits for the toast on screen and reads it as a person would: its text, and whether it is a failure. */
export async function findToast(): Promise<{ text: string; destructive: boolean }> {
  const region = screen.getByRole('region', { name: 'Notifications (F8)' });
  return waitFor(() => {
    const toast = region.querySelector('li');
    if (!toast) throw new Error('No toast is showing');
    return { text: toast.textContent ?? '', destructive: toast.getAttribute('role') === 'alert' };
  });
}
