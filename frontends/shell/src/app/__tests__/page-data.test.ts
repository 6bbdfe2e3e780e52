import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { dehydrate, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { pageDataElement } from '../../page-data-element.ts';
import { takePageData } from '../page-data.ts';

/** A page as the web server sends it after rendering it on request: its data block at the end of the body. */
function pageWith(data: unknown): Document {
  const doc = document.implementation.createHTMLDocument('Krom');
  doc.body.innerHTML = `<div id="root"></div>${pageDataElement(data)}`;
  return doc;
}

describe("the page's data", () => {
  it('is in the query cache under its keys before anything renders, and leaves the page', () => {
    const server = createQueryClient();
    server.setQueryData(['/api/rides', 'r1'], { id: 'r1', description: '</script><script>alert(1)</script>' });
    const doc = pageWith(dehydrate(server));
    const client = createQueryClient();
    takePageData(client, doc);
    expect(client.getQueryData(['/api/rides', 'r1'])).toEqual({ id: 'r1', description: '</script><script>alert(1)</script>' });
    expect(doc.getElementById('krom-page-data')).toBeNull();
  });

  it('keeps an answered error (no such ride) as it is when a screen mounts: nothing is asked again', async () => {
    const state = {
      mutations: [],
      queries: [{ queryKey: ['/api/rides', 'gone'], queryHash: '["/api/rides","gone"]', dehydratedAt: 1, state: { data: undefined, dataUpdateCount: 0, dataUpdatedAt: 0, error: { message: '404: Ride not found', status: 404 }, errorUpdateCount: 1, errorUpdatedAt: 1, fetchFailureCount: 1, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'error', fetchStatus: 'idle' } }],
    };
    const client = createQueryClient();
    takePageData(client, pageWith(state));
    const queryFn = vi.fn(async () => ({ id: 'gone' }));
    const observer = new QueryObserver(client, { queryKey: ['/api/rides', 'gone'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().isError).toBe(true);
    unsubscribe();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('shows a page rendered signed out as signed out at once, and asks who is signed in when the page first needs it', async () => {
    const server = createQueryClient();
    server.setQueryData(['/api/auth/user'], null);
    const client = createQueryClient();
    takePageData(client, pageWith(dehydrate(server)));
    expect(client.getQueryData(['/api/auth/user'])).toBeNull();
    const queryFn = vi.fn(async () => ({ id: 'u1', firstName: 'Ama' }));
    const observer = new QueryObserver(client, { queryKey: ['/api/auth/user'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().data).toBeNull();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ id: 'u1', firstName: 'Ama' }));
    unsubscribe();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('is nothing on a page without it', () => {
    const client = createQueryClient();
    takePageData(client, pageWith(null).implementation.createHTMLDocument('Krom'));
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
