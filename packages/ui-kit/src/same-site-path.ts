/**
 * `value` when it is a path on this site (`/ride-listings?from=Accra`), for a link or a return
 * address taken from data or the address bar; undefined for anything else, another site's address
 * above all (`//evil.example`, `/\evil.example`, `https://…`), so nothing sends a person away.
 */
export function sameSitePath(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/\p{Cc}/u.test(value) ? value : undefined;
}
