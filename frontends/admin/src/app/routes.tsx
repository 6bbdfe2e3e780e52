import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';

const staffFrame = () => import('./staff-frame.tsx').then((m) => ({ Component: m.StaffFrame }));

/**
 * Exposed as 'admin/routes': the /admin subtree and the SMS test panel (/sms-test, the spec's own
 * URL), which the shell mounts under its root layout. Each screen's code loads only when its path
 * is visited; an unknown /admin path is the shell's 404.
 */
export const routes: RemoteRouteModule['routes'] = [
  {
    id: 'admin',
    path: '/admin',
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: () => import('./admin-home-page.tsx').then((m) => ({ Component: m.AdminHomePage })),
      },
      {
        path: 'login',
        lazy: () =>
          import('../features/admin-auth/components/admin-login-page.tsx').then((m) => ({ Component: m.AdminLoginPage })),
      },
      {
        id: 'admin-staff-frame',
        lazy: staffFrame,
        children: [
          {
            path: 'verifications/:id',
            lazy: () => import('./verification-review-route.tsx').then((m) => ({ Component: m.VerificationReviewRoute })),
          },
          {
            path: 'tickets/:id',
            lazy: () => import('./ticket-route.tsx').then((m) => ({ Component: m.TicketRoute })),
          },
          {
            path: 'bookings/:id',
            lazy: () => import('./booking-route.tsx').then((m) => ({ Component: m.BookingRoute })),
          },
          {
            path: 'members/:id',
            lazy: () => import('./member-route.tsx').then((m) => ({ Component: m.MemberRoute })),
          },
          {
            path: 'payments/bookings/:id',
            lazy: () =>
              import('../features/payments/components/booking-ledger-page.tsx').then((m) => ({ Component: m.BookingLedgerPage })),
          },
        ],
      },
    ],
  },
  {
    id: 'sms-test',
    errorElement: <RouteError />,
    lazy: staffFrame,
    children: [
      {
        path: '/sms-test',
        lazy: () => import('../features/sms-test/components/sms-test-page.tsx').then((m) => ({ Component: m.SmsTestPage })),
      },
    ],
  },
];
