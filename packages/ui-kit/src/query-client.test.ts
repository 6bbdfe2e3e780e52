import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('createQueryClient (spec section 7 caching)', () => {
  it('does not retry a failed read', async () => {
    const client = createQueryClient();
    const read = vi.fn(async () => {
      throw new Error('500: Internal Server Error');
    });
    await expect(client.fetchQuery({ queryKey: ['/api/x'], queryFn: read })).rejects.toThrow();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed write', async () => {
    const client = createQueryClient();
    const write = vi.fn(async () => {
      throw new Error('500: Internal Server Error');
    });
    const mutation = client.getMutationCache().build(client, { mutationFn: write });
    await expect(mutation.execute(undefined)).rejects.toThrow();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('never treats data as stale: a new reader and a window focus do not read again', async () => {
    const client = createQueryClient();
    // As QueryClientProvider does: the client now hears window focus.
    client.mount();
    const read = vi.fn(async () => ['a']);
    const first = new QueryObserver(client, { queryKey: ['/api/y'], queryFn: read });
    const stopFirst = first.subscribe(() => {});
    await waitFor(() => expect(first.getCurrentResult().isSuccess).toBe(true));

    // Fake timers from here: whatever a new reader or the focus set off is run to its end at once.
    vi.useFakeTimers();
    try {
      const second = new QueryObserver(client, { queryKey: ['/api/y'], queryFn: read });
      const stopSecond = second.subscribe(() => {});
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
      await vi.runAllTimersAsync();
      expect(read).toHaveBeenCalledTimes(1);
      stopFirst();
      stopSecond();
    } finally {
      vi.useRealTimers();
      client.unmount();
    }
  });
});
