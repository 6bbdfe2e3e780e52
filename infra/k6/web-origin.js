// Where the k6 journeys send their requests: the web origin, as a browser would. State-changing
// calls carry an Origin header equal to the BFF's PUBLIC_ORIGIN, or the BFF refuses them (403).

/** The web origin under test, without a trailing slash (-e BASE_URL=...). */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');

/** Scheme, host and port of BASE_URL, unless -e ORIGIN=... names another. */
export const ORIGIN = __ENV.ORIGIN || (BASE_URL.match(/^https?:\/\/[^/]+/) || [BASE_URL])[0];

/** Headers of a JSON write from a page of the app. */
export const jsonWriteHeaders = { 'Content-Type': 'application/json', Origin: ORIGIN };

/** The parsed JSON body, or undefined when the body is not JSON. */
export function jsonBody(response) {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}
