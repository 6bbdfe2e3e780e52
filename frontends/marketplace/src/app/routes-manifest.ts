import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The paths this remote owns. Plain data: the build publishes it (routes-manifest.json) and the
 * web server tells the shell, so it must stay free of screen code. `routes.tsx` serves exactly these.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'marketplace',
  paths: [
    '/find-ride',
    '/find-rides',
    '/ride-listings',
    '/ride-preview/:id',
    '/book-seat/:id',
    '/booking-payment/:id',
    '/booking-payment/:id/voucher',
    '/post-ride',
    '/create-ride',
    '/create-ride-datetime',
    '/create-ride-seats-price',
    '/create-ride-review',
    '/add-vehicle',
    '/manage-vehicles',
    '/edit-vehicle/:id',
    '/requested-rides',
    '/dashboard',
    '/driver-dashboard',
    '/driver-profile',
    '/driver-profile/:id',
    '/rides/as-driver',
    '/my-rides-driver',
    '/edit-ride/:id',
    '/cancel-ride/:id',
    '/rides/as-passenger',
    '/my-rides',
    '/emergency/:id',
    '/trip/:token',
    '/rate-riders/:id',
    '/all-reviews',
    '/edit-profile-stats',
    '/call/:id',
    '/messages',
    '/messages/ride/:rideId',
    '/messages/:conversationId',
  ],
};
