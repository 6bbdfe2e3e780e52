import { type LoginRequest, loginRequestSchema } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSignInUser } from '../api/sign-in-user.ts';
import { AuthForm, AuthPage, FormFooter } from './auth-page.tsx';
import { PasswordField } from './password-field.tsx';
import { SignedOutOnly } from './signed-out-only.tsx';

type Values = { email: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values): { request: LoginRequest | null; errors: Errors } {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { request: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'email' || field === 'password') errors[field] ??= issue.message;
  }
  return { request: null, errors };
}

export function LoginPage() {
  return (
    <SignedOutOnly>
      <LoginForm />
    </SignedOutOnly>
  );
}

function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const signIn = useSignInUser();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { request, errors: found } = validate(values);
    setErrors(found);
    if (!request) return;
    signIn.mutate(request, {
      onSuccess: () => {
        // The cached "signed out" is dropped before the dashboard asks who is signed in.
        void refreshCurrentUser(queryClient);
        navigate('/dashboard');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: failureText(error, 'Invalid email or password. Please try again.'),
        }),
    });
  };

  return (
    <AuthPage title="Welcome Back" lead="Log in to find or offer a ride.">
      <AuthForm noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          placeholder="you@example.com"
          value={values.email}
          error={errors.email}
          onChange={(event) => update('email', event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <ForgotLink to="/forgot-password">Forgot password?</ForgotLink>
        <Button type="submit" $block $size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? 'Logging In...' : 'Log In'}
        </Button>
      </AuthForm>
      <FormFooter>
        Don't have an account? <Link to="/create-account">Sign up</Link>
      </FormFooter>
    </AuthPage>
  );
}

const ForgotLink = styled(Link)`
  justify-self: end;
  margin-top: -4px;
  font-weight: 600;
  font-size: 0.9375rem;
`;
