import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the browser's XMLHttpRequest (jsdom has no server to send to) so a test can see
 * what the upload sent and play the server: progress events, then an answer or a network error.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  failNetwork() {
    this.onerror?.();
  }

  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
  static async next(): Promise<FakeXhr> {
    return waitFor(() => {
      const request = FakeXhr.sent.at(-1);
      if (!request) throw new Error('No upload was sent');
      return request;
    });
  }
}
