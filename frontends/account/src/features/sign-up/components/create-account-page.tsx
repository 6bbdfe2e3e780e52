import { type RegisterRequest, registerRequestSchema } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AuthForm, AuthPage, FormFooter } from '../../sign-in/components/auth-page.tsx';
import { PasswordField } from '../../sign-in/components/password-field.tsx';
import { SignedOutOnly } from '../../sign-in/components/signed-out-only.tsx';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { normalizePhoneInput } from '../normalize-phone-input.ts';
import { readSignUp, saveSignUp } from '../sign-up-storage.ts';
import { SocialSignUpButtons } from './social-sign-up-buttons.tsx';

type Values = RegisterRequest;
type Errors = Partial<Record<keyof Values, string>>;
const fields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

function validate(values: Values): { request: RegisterRequest | null; errors: Errors } {
  const result = registerRequestSchema.safeParse(values);
  if (result.success) return { request: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { request: null, errors };
}

/** Coming back from the code screen (to fix a detail) finds the form as it was, except the password. */
function initialValues(): Values {
  const stored = readSignUp()?.registration;
  return {
    firstName: stored?.firstName ?? '',
    lastName: stored?.lastName ?? '',
    email: stored?.email ?? '',
    phone: stored?.phone ?? '',
    password: '',
  };
}

export function CreateAccountPage() {
  return (
    <SignedOutOnly>
      <CreateAccountForm />
    </SignedOutOnly>
  );
}

function CreateAccountForm() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const sendCode = useSendPhoneCode();
  const [values, setValues] = useState<Values>(initialValues);
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
    // The account is created only after the phone is verified; until then the form waits in this tab.
    sendCode.mutate(
      { phoneNumber: request.phone },
      {
        onSuccess: ({ resendAfterSeconds }) => {
          saveSignUp({
            registration: request,
            phoneNumber: request.phone,
            resendAvailableAt: Date.now() + resendAfterSeconds * 1000,
          });
          toast({ title: 'Verification Code Sent' });
          navigate('/phone-verification');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Verification Failed',
            description: failureText(error, 'Failed to send verification code. Please try again.'),
          }),
      },
    );
  };

  return (
    <AuthPage title="Create Account" lead="Join Krom to share rides between Ghana's cities.">
      <AuthForm noValidate onSubmit={onSubmit}>
        <NameRow>
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(event) => update('firstName', event.target.value)}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(event) => update('lastName', event.target.value)}
          />
        </NameRow>
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
        <TextField
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          placeholder="0241234567"
          hint="We'll text a 4-digit code to this number."
          value={values.phone}
          error={errors.phone}
          onChange={(event) => update('phone', normalizePhoneInput(event.target.value))}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <Button type="submit" $block $size="lg" disabled={sendCode.isPending}>
          {sendCode.isPending ? 'Creating Account...' : 'Sign up'}
        </Button>
      </AuthForm>
      <SocialSignUpButtons />
      <FormFooter>
        Already have an account? <Link to="/login">Log in</Link>
      </FormFooter>
    </AuthPage>
  );
}

const NameRow = styled.div`
  display: grid;
  gap: 16px;

  @media (min-width: 480px) {
    grid-template-columns: 1fr 1fr;
  }
`;
