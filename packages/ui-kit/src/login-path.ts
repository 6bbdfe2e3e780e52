import { useLocation } from 'react-router-dom';

/**
 * The login screen's address that brings the visitor back to `next` once signed in (the login
 * screen reads `next` through `sameSitePath`); plain `/login` when there is nowhere to come back to.
 */
export function loginPath(next?: string): string {
  return next && next !== '/' ? `/login?${new URLSearchParams({ next })}` : '/login';
}

/** The login address that comes back to the page on screen (its path and query). */
export function useLoginHere(): string {
  const { pathname, search } = useLocation();
  return loginPath(`${pathname}${search}`);
}
