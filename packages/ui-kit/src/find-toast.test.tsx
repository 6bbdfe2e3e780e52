import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast } from '../testing/find-toast.ts';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './query-client.ts';
import { useToast } from './toast-store.ts';

function Save() {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Profile Updated', description: 'Your changes are saved' })}>
      Save
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('findToast, the screen tests’ reader of toasts', () => {
  it('still reads a toast that closed by itself before the test looked (a busy machine can spend its 5 s)', async () => {
    vi.useFakeTimers();
    render(
      <AppProviders queryClient={createQueryClient()} store={createStore()}>
        <Save />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();

    expect(await findToast()).toEqual({ text: 'Profile UpdatedYour changes are saved', destructive: false });
  });
});
