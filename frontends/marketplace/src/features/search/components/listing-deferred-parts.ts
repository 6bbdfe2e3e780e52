/**
 * Parts of /ride-listings its first paint does without: the pickers (and the place search they
 * bring) and the empty state. Each UI kit module a chunk imports costs a sequential request when
 * the shell has not loaded it already, so these download here, in parallel with the page's own
 * code, instead of one after another before its heading can show. This module has no imports of
 * its own, so these requests start as soon as the listing's code arrives.
 */
export const placeAndDateFiltersChunk = import('./place-and-date-filters.tsx');
export const emptyRidesChunk = import('./empty-rides.tsx');

// A failed download surfaces where the part is shown (the route's error screen), not as an unhandled rejection here.
placeAndDateFiltersChunk.catch(() => {});
emptyRidesChunk.catch(() => {});
