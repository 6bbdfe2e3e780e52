import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';

/**
 * Exposed as 'account/routes': the subtree the shell mounts under its root layout for the paths
 * in routes-manifest.ts. Each screen's code loads only when its path is visited.
 */
export const routes: RemoteRouteModule['routes'] = [
  {
    id: 'account',
    errorElement: <RouteError />,
    children: [
      {
        path: '/onboarding',
        lazy: () => import('../features/onboarding/components/role-choice-page.tsx').then((m) => ({ Component: m.RoleChoicePage })),
      },
      {
        path: '/create-account',
        lazy: () => import('../features/sign-up/components/create-account-page.tsx').then((m) => ({ Component: m.CreateAccountPage })),
      },
      {
        path: '/phone-verification',
        lazy: () => import('../features/sign-up/components/phone-verification-page.tsx').then((m) => ({ Component: m.PhoneVerificationPage })),
      },
      {
        path: '/login',
        lazy: () => import('../features/sign-in/components/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/forgot-password',
        lazy: () => import('../features/recovery/components/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/password-reset-otp',
        lazy: () => import('../features/recovery/components/reset-code-page.tsx').then((m) => ({ Component: m.ResetCodePage })),
      },
      {
        path: '/reset-password',
        lazy: () => import('../features/recovery/components/new-password-page.tsx').then((m) => ({ Component: m.NewPasswordPage })),
      },
      {
        path: '/profile',
        lazy: () => import('../features/profile/components/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
      },
      ...['/my-profile', '/edit-profile'].map((path) => ({
        path,
        lazy: () => import('../features/profile/components/my-profile-page.tsx').then((m) => ({ Component: m.MyProfilePage })),
      })),
      {
        path: '/account-settings',
        lazy: () => import('../features/settings/components/account-settings-page.tsx').then((m) => ({ Component: m.AccountSettingsPage })),
      },
      {
        path: '/payments',
        lazy: () => import('../features/payments/components/payments-page.tsx').then((m) => ({ Component: m.PaymentsPage })),
      },
      {
        path: '/payments/receipt/:id',
        lazy: () => import('../features/payments/components/payment-receipt-page.tsx').then((m) => ({ Component: m.PaymentReceiptPage })),
      },
      {
        path: '/notifications',
        lazy: () => import('../features/notifications/components/notifications-page.tsx').then((m) => ({ Component: m.NotificationsPage })),
      },
      {
        path: '/verify-identity',
        lazy: () => import('../features/verification/components/identity-verification-page.tsx').then((m) => ({ Component: m.IdentityVerificationPage })),
      },
      // The spec's route; the dashboard links to /driver-verification, so both are the same screen.
      {
        path: '/verify-identity-driver',
        lazy: () => import('../features/verification/components/driver-verification-page.tsx').then((m) => ({ Component: m.DriverVerificationPage })),
      },
      {
        path: '/driver-verification',
        lazy: () => import('../features/verification/components/driver-verification-page.tsx').then((m) => ({ Component: m.DriverVerificationPage })),
      },
      {
        path: '/support',
        lazy: () => import('../features/support/components/support-form-page.tsx').then((m) => ({ Component: m.SupportPage })),
      },
      {
        path: '/report-ride',
        lazy: () => import('../features/support/components/support-form-page.tsx').then((m) => ({ Component: m.ReportRidePage })),
      },
      {
        path: '/support/tickets',
        lazy: () => import('../features/support/components/my-tickets-page.tsx').then((m) => ({ Component: m.MyTicketsPage })),
      },
      {
        path: '/support/tickets/:id',
        lazy: () => import('../features/support/components/ticket-page.tsx').then((m) => ({ Component: m.TicketPage })),
      },
    ],
  },
];
