/**
 * A part of /ride-listings its first paint does without: the empty state. Each UI kit module a
 * chunk imports costs a sequential request when the shell has not loaded it already, so it
 * downloads here, in parallel with the page's own code, instead of one request after another once
 * the search has come back empty. This module has no imports of its own, so the request starts as
 * soon as the listing's code arrives. (The place and date pickers load when a filter is first
 * used: place-and-date-fields.tsx.)
 */
export const emptyRidesChunk = import('./empty-rides.tsx');

// A failed download surfaces where the part is shown (the route's error screen), not as an unhandled rejection here.
emptyRidesChunk.catch(() => {});
