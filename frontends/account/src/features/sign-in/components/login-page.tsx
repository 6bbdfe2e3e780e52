import type { LoginRequest } from '@krom/contracts/http/auth';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { FormFooter, FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PasswordField } from '@krom/ui-kit/password-field.tsx';
import { EmailField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useValidatedForm, validateWithLoaded } from '@krom/ui-kit/use-validated-form.ts';
import { useQueryClient } from '@tanstack/react-query';
import { sameSitePath } from '@krom/ui-kit/same-site-path.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SignedOutOnly } from '../../../lib/signed-out-only.tsx';
import { useSignInUser } from '../api/sign-in-user.ts';

type Values = { email: string; password: string };

// The schema (and zod) load when the form is first used, not with the page.
const validate = validateWithLoaded<Values, LoginRequest>(
  () => import('@krom/contracts/http/auth').then((auth) => auth.loginRequestSchema),
  ['email', 'password'],
);

/**
 * Where a signed-in visitor goes: the page that sent them here to log in (`?next=`, a path on
 * this site only, such as the listing whose Request a Ride needs an account), else the dashboard.
 */
function useNextPath(): string {
  const [params] = useSearchParams();
  return sameSitePath(params.get('next')) ?? '/dashboard';
}

export function LoginPage() {
  const next = useNextPath();
  return (
    <SignedOutOnly to={next}>
      <LoginForm next={next} />
    </SignedOutOnly>
  );
}

function LoginForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toastFailure } = useToast();
  const signIn = useSignInUser();
  const form = useValidatedForm({ initial: { email: '', password: '' }, validate });

  const onSubmit = form.onSubmit((request) =>
    signIn.mutate(request, {
      onSuccess: () => {
        // The cached "signed out" is dropped before the next page asks who is signed in.
        void refreshCurrentUser(queryClient);
        navigate(next);
      },
      onError: toastFailure('Login Failed', 'Invalid email or password. Please try again.'),
    }),
  );

  return (
    <FormPage title="Welcome Back" lead="Log in to find or offer a ride.">
      <FormStack noValidate onSubmit={onSubmit}>
        <EmailField label="Email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <ForgotLink to="/forgot-password">Forgot password?</ForgotLink>
        <SubmitButton pending={form.checking || signIn.isPending} pendingLabel="Logging In...">
          Log In
        </SubmitButton>
      </FormStack>
      <FormFooter>
        Don't have an account? <Link to="/create-account">Sign up</Link>
      </FormFooter>
    </FormPage>
  );
}

const ForgotLink = styled(Link)`
  justify-self: end;
  margin-top: -4px;
  font-weight: 600;
  font-size: 0.9375rem;
`;
