import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the browser's EventSource (jsdom has none) so a test can play the server's
 * side of GET /api/notifications/stream: the connection opening and events arriving.
 */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }

  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }

  static install() {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }
  static async current(): Promise<FakeEventSource> {
    return waitFor(() => {
      const source = FakeEventSource.opened.findLast((candidate) => !candidate.closed);
      if (!source) throw new Error('No notification stream is open');
      return source;
    });
  }
}
