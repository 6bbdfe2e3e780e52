import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './query-client.ts';
import { type ToastInput, useToast, useToasts } from './toast-store.ts';

function Trigger({ toast: input, label }: { toast: ToastInput; label: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      {label}
    </button>
  );
}

function MemoryCount() {
  return <p>toasts in memory: {useToasts().length}</p>;
}

function renderToasts() {
  return render(
    <AppProviders queryClient={createQueryClient()} store={createStore()}>
      <Trigger label="Save" toast={{ title: 'Profile Updated', description: 'Your changes are saved' }} />
      <Trigger label="Fail" toast={{ variant: 'destructive', title: 'Error', description: 'Failed to submit form' }} />
      <MemoryCount />
    </AppProviders>,
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a title and description, and only one toast at a time', () => {
    renderToasts();
    click('Save');
    expect(screen.getByRole('status').textContent).toBe('Profile UpdatedYour changes are saved');

    click('Fail');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.querySelectorAll('li')).toHaveLength(1);
    expect(region.textContent).toBe('ErrorFailed to submit form');
  });

  it('announces failures urgently (destructive variant as an alert)', () => {
    renderToasts();
    click('Fail');
    expect(screen.getByRole('alert').textContent).toBe('ErrorFailed to submit form');
  });

  it('closes after 5000 ms and forgets the toast 1000000 ms later', () => {
    renderToasts();
    click('Save');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Profile Updated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile Updated')).toBeNull();
    expect(screen.getByText(/toasts in memory/).textContent).toBe('toasts in memory: 1');
    act(() => vi.advanceTimersByTime(999_999));
    expect(screen.getByText(/toasts in memory/).textContent).toBe('toasts in memory: 1');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/toasts in memory/).textContent).toBe('toasts in memory: 0');
  });

  it('does not close while the pointer rests on it', () => {
    renderToasts();
    click('Save');
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Profile Updated')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });

  it('is dismissed by a swipe of 50 px, and springs back from a shorter one', () => {
    renderToasts();
    click('Save');
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 149, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 149, pointerId: 1 });
    expect(screen.getByText('Profile Updated')).toBeTruthy();

    fireEvent.pointerDown(toast, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 150, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 150, pointerId: 1 });
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });

  it('closes from its close button', () => {
    renderToasts();
    click('Save');
    click('Close');
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });

  it('moves keyboard focus to the toasts on F8', () => {
    renderToasts();
    click('Fail');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.contains(document.activeElement)).toBe(false);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
