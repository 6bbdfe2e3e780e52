import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';

/**
 * Exposed as 'marketplace/routes': the subtree the shell mounts under its root layout for the
 * paths in routes-manifest.ts. Each screen's code loads only when its path is visited.
 */
export const routes: RemoteRouteModule['routes'] = [
  {
    id: 'marketplace',
    errorElement: <RouteError />,
    children: [
      ...['/find-ride', '/find-rides'].map((path) => ({
        path,
        lazy: () => import('../features/search/components/find-ride-page.tsx').then((m) => ({ Component: m.FindRidePage })),
      })),
      {
        path: '/ride-listings',
        lazy: () => import('./ride-listings-route.tsx').then((m) => ({ Component: m.RideListingsRoute })),
      },
      {
        path: '/ride-preview/:id',
        lazy: () => import('../features/ride-details/components/ride-preview-page.tsx').then((m) => ({ Component: m.RidePreviewPage })),
      },
      {
        path: '/book-seat/:id',
        lazy: () => import('./book-seat-route.tsx').then((m) => ({ Component: m.BookSeatRoute })),
      },
      {
        path: '/booking-payment/:id',
        lazy: () => import('./booking-payment-route.tsx').then((m) => ({ Component: m.BookingPaymentRoute })),
      },
      {
        path: '/booking-payment/:id/voucher',
        lazy: () => import('../features/book-seat/components/voucher-page.tsx').then((m) => ({ Component: m.VoucherPage })),
      },
      {
        path: '/post-ride',
        lazy: () => import('../features/post-ride/components/post-ride-page.tsx').then((m) => ({ Component: m.PostRidePage })),
      },
      {
        path: '/create-ride',
        lazy: () => import('../features/create-ride/components/route-step-page.tsx').then((m) => ({ Component: m.RouteStepPage })),
      },
      {
        path: '/create-ride-datetime',
        lazy: () => import('../features/create-ride/components/datetime-step-page.tsx').then((m) => ({ Component: m.DateTimeStepPage })),
      },
      {
        path: '/create-ride-seats-price',
        lazy: () => import('../features/create-ride/components/seats-price-step-page.tsx').then((m) => ({ Component: m.SeatsPriceStepPage })),
      },
      {
        path: '/create-ride-review',
        lazy: () => import('../features/create-ride/components/review-step-page.tsx').then((m) => ({ Component: m.ReviewStepPage })),
      },
      {
        path: '/add-vehicle',
        lazy: () => import('../features/vehicles/components/add-vehicle-page.tsx').then((m) => ({ Component: m.AddVehiclePage })),
      },
      {
        path: '/manage-vehicles',
        lazy: () => import('../features/vehicles/components/manage-vehicles-page.tsx').then((m) => ({ Component: m.ManageVehiclesPage })),
      },
      {
        path: '/edit-vehicle/:id',
        lazy: () => import('../features/vehicles/components/edit-vehicle-page.tsx').then((m) => ({ Component: m.EditVehiclePage })),
      },
      {
        path: '/requested-rides',
        lazy: () => import('../features/requested-rides/components/requested-rides-page.tsx').then((m) => ({ Component: m.RequestedRidesPage })),
      },
      {
        path: '/dashboard',
        lazy: () => import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: '/driver-dashboard',
        lazy: () =>
          import('../features/driver-dashboard/components/driver-dashboard-page.tsx').then((m) => ({ Component: m.DriverDashboardPage })),
      },
      ...['/driver-profile', '/driver-profile/:id'].map((path) => ({
        path,
        lazy: () => import('./driver-profile-route.tsx').then((m) => ({ Component: m.DriverProfileRoute })),
      })),
      ...['/rides/as-driver', '/my-rides-driver'].map((path) => ({
        path,
        lazy: () => import('../features/driver-rides/components/driver-rides-page.tsx').then((m) => ({ Component: m.DriverRidesPage })),
      })),
      {
        path: '/cancel-ride/:id',
        lazy: () => import('../features/driver-rides/components/driver-rides-page.tsx').then((m) => ({ Component: m.CancelRideRoute })),
      },
      {
        path: '/edit-ride/:id',
        lazy: () => import('../features/driver-rides/components/edit-ride-page.tsx').then((m) => ({ Component: m.EditRidePage })),
      },
      {
        path: '/emergency/:id',
        lazy: () => import('../features/trip-share/components/emergency-page.tsx').then((m) => ({ Component: m.EmergencyPage })),
      },
      {
        path: '/trip/:token',
        lazy: () => import('../features/trip-share/components/shared-trip-page.tsx').then((m) => ({ Component: m.SharedTripPage })),
      },
      ...['/rides/as-passenger', '/my-rides'].map((path) => ({
        path,
        lazy: () => import('./passenger-rides-route.tsx').then((m) => ({ Component: m.PassengerRidesRoute })),
      })),
      {
        path: '/rate-riders/:id',
        lazy: () => import('../features/reviews/components/rate-riders-page.tsx').then((m) => ({ Component: m.RateRidersPage })),
      },
      {
        path: '/all-reviews',
        lazy: () => import('../features/reviews/components/all-reviews-page.tsx').then((m) => ({ Component: m.AllReviewsPage })),
      },
      {
        path: '/edit-profile-stats',
        lazy: () => import('../features/reviews/components/profile-stats-page.tsx').then((m) => ({ Component: m.ProfileStatsPage })),
      },
      {
        path: '/messages',
        lazy: () => import('../features/messages/components/messages-page.tsx').then((m) => ({ Component: m.MessagesPage })),
      },
      {
        path: '/messages/ride/:rideId',
        lazy: () => import('../features/messages/components/ride-conversation-page.tsx').then((m) => ({ Component: m.RideConversationPage })),
      },
      {
        path: '/messages/:conversationId',
        lazy: () => import('../features/messages/components/conversation-page.tsx').then((m) => ({ Component: m.ConversationPage })),
      },
      {
        path: '/call/:id',
        lazy: () => import('../features/call/components/call-page.tsx').then((m) => ({ Component: m.CallPage })),
      },
    ],
  },
];
