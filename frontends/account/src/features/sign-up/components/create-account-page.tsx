import type { RegisterRequest } from '@krom/contracts/http/auth';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { FieldPair, FormFooter, FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PasswordField } from '@krom/ui-kit/password-field.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { EmailField, TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useValidatedForm, validateWithLoaded } from '@krom/ui-kit/use-validated-form.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { SignedOutOnly } from '../../../lib/signed-out-only.tsx';
import { useRegisterUser } from '../api/register-user.ts';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { clearSignUp, readSignUp, saveSignUp } from '../sign-up-storage.ts';
import { SocialSignUpButtons } from './social-sign-up-buttons.tsx';

type Values = RegisterRequest;
const fields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

// The schema (and zod) load when the form is first used, not with the page.
const validate = validateWithLoaded<Values, RegisterRequest>(
  () => import('@krom/contracts/http/auth').then((auth) => auth.registerRequestSchema),
  fields,
);

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
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useToast();
  const sendCode = useSendPhoneCode();
  const register = useRegisterUser();
  const form = useValidatedForm({ initial: initialValues, validate });

  const toCodeScreen = (request: RegisterRequest, resendAvailableAt: number) => {
    saveSignUp({ registration: request, phoneNumber: request.phone, resendAvailableAt });
    navigate('/phone-verification');
  };

  // Back from the code screen with the number this session already verified: no new code is needed.
  const registerNow = (request: RegisterRequest) =>
    register.mutate(request, {
      onSuccess: () => {
        clearSignUp();
        toast({ title: 'Account Created Successfully!', description: "Welcome to Krom! You're now logged in." });
        void refreshCurrentUser(queryClient);
        navigate('/onboarding');
      },
      onError: toastFailure('Account Creation Failed', 'Phone verified but failed to create account. Please contact support.'),
    });

  const onSubmit = form.onSubmit((request) => {
    const earlier = readSignUp();
    // The account is created only after the phone is verified; until then the form waits in this tab.
    // The e-mail goes along so that one with an account is refused before any code is sent.
    sendCode.mutate(
      { phoneNumber: request.phone, email: request.email },
      {
        onSuccess: ({ resendAfterSeconds, alreadyVerified }) => {
          if (alreadyVerified) return registerNow(request);
          toast({ title: 'Verification Code Sent' });
          toCodeScreen(request, Date.now() + resendAfterSeconds * 1000);
        },
        onError: (error) => {
          // Back from the code screen with the same number while its code is still counting down:
          // that code still works, so the person goes back to type it rather than being refused.
          const waiting = earlier?.phoneNumber === request.phone && (earlier.resendAvailableAt ?? 0) > Date.now();
          if (waiting && statusOf(error) === 429) return toCodeScreen(request, earlier.resendAvailableAt ?? Date.now());
          toastFailure('Verification Failed', 'Failed to send verification code. Please try again.')(error);
        },
      },
    );
  });

  return (
    <FormPage title="Create Account" lead="Join Krom to share rides between Ghana's cities.">
      <FormStack noValidate onSubmit={onSubmit}>
        <FieldPair>
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </FieldPair>
        <EmailField label="Email" {...form.field('email')} />
        <PhoneField label="Phone Number" hint="We'll text a 4-digit code to this number." {...form.field('phone')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <SubmitButton pending={form.checking || sendCode.isPending || register.isPending} pendingLabel="Creating Account...">
          Sign up
        </SubmitButton>
      </FormStack>
      <SocialSignUpButtons />
      <FormFooter>
        Already have an account? <Link to="/login">Log in</Link>
      </FormFooter>
    </FormPage>
  );
}
