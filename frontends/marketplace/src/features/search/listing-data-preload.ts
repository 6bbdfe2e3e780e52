import type { DataPreload } from '@krom/ui-kit/build/prerender-manifest.ts';

/**
 * The listing's first call, GET /api/rides for the search in its address, described for the web
 * server (vite.config.ts puts it in the prerender manifest): it names the call in the page's
 * response, so a phone fetches the rides while the listing's scripts download rather than after
 * they have run. In the order api/search-rides.ts sends the filters; the listing's own reading
 * of an address it wrote gives the same URL (__tests__/listing-data-preload.test.ts).
 */
export const listingDataPreload: DataPreload = {
  path: '/api/rides',
  query: [
    { name: 'from', param: 'from' },
    { name: 'fromLatitude', param: 'fromLat' },
    { name: 'fromLongitude', param: 'fromLng' },
    { name: 'to', param: 'to' },
    { name: 'toLatitude', param: 'toLat' },
    { name: 'toLongitude', param: 'toLng' },
    { name: 'date', param: 'date' },
    { name: 'seats', param: 'seats' },
    { name: 'luggage', param: 'luggage' },
    { name: 'noSmoking', param: 'noSmoking' },
    { name: 'pets', param: 'pets' },
    { name: 'airConditioning', param: 'airConditioning' },
    { name: 'maxTwoInBack', param: 'maxTwoInBack' },
    { name: 'womenOnly', param: 'womenOnly' },
    { name: 'page', value: '1' },
  ],
};
