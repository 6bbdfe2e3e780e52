import { RoleChoicePage } from '../../features/onboarding/components/role-choice-page.tsx';
import { ForgotPasswordPage } from '../../features/recovery/components/forgot-password-page.tsx';
import { NewPasswordPage } from '../../features/recovery/components/new-password-page.tsx';
import { ResetCodePage } from '../../features/recovery/components/reset-code-page.tsx';
import { CreateAccountPage } from '../../features/sign-up/components/create-account-page.tsx';
import { PhoneVerificationPage } from '../../features/sign-up/components/phone-verification-page.tsx';
import { LoginPage } from '../../features/sign-in/components/login-page.tsx';
import { dashboardRoute } from './signed-in-user.tsx';

/**
 * The signed-out account screens at the paths app/routes.tsx gives them, plus the role choice
 * and a stand-in dashboard, so a test can walk a whole flow from screen to screen.
 */
export const authRoutes = [
  { path: '/create-account', Component: CreateAccountPage },
  { path: '/phone-verification', Component: PhoneVerificationPage },
  { path: '/login', Component: LoginPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/password-reset-otp', Component: ResetCodePage },
  { path: '/reset-password', Component: NewPasswordPage },
  { path: '/onboarding', Component: RoleChoicePage },
  dashboardRoute,
];
