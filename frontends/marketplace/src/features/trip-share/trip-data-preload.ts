import type { DataPreload } from '@krom/ui-kit/build/prerender-manifest.ts';

/**
 * The shared trip's one call, GET /api/trip-shares/{token} for the token in its path, described
 * for the web server (vite.config.ts): it asks the BFF itself and sends the page rendered with the
 * trip, so an emergency contact on a basic phone sees the route, car, plate and whether the driver
 * has started without any script. The same URL api/get-shared-trip.ts requests
 * (src/__tests__/render-on-request.test.tsx).
 */
export const tripDataPreload: DataPreload = { path: '/api/trip-shares/:token', query: [] };
