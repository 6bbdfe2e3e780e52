import type { DataPreload } from '@krom/ui-kit/build/prerender-manifest.ts';

/**
 * The preview's one call, GET /api/rides/{id} for the ride in its path (with the passenger's leg,
 * `?board=&alight=`, when its address has one), described for the web
 * server (vite.config.ts): it asks the BFF itself and sends the preview rendered with the ride, so
 * a shared link shows the ride before any script runs. The same URL lib/api/ride.ts requests
 * (src/__tests__/render-on-request.test.tsx).
 */
export const previewDataPreload: DataPreload = {
  path: '/api/rides/:id',
  query: [
    { name: 'board', param: 'board' },
    { name: 'alight', param: 'alight' },
  ],
};
