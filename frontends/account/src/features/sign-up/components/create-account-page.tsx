import { type RegisterRequest, registerRequestSchema } from '@krom/contracts/http/auth';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { FieldPair, FormFooter, FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PasswordField } from '@krom/ui-kit/password-field.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { EmailField, TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { firstMessages, useValidatedForm, type Validation } from '@krom/ui-kit/use-validated-form.ts';
import { Link, useNavigate } from 'react-router-dom';
import { SignedOutOnly } from '../../../lib/signed-out-only.tsx';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { readSignUp, saveSignUp } from '../sign-up-storage.ts';
import { SocialSignUpButtons } from './social-sign-up-buttons.tsx';

type Values = RegisterRequest;
const fields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

function validate(values: Values): Validation<Values, RegisterRequest> {
  const result = registerRequestSchema.safeParse(values);
  if (result.success) return { request: result.data, errors: {} };
  return { request: null, errors: firstMessages<Values>(result.error.issues, fields) };
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
  const { toast, toastFailure } = useToast();
  const sendCode = useSendPhoneCode();
  const form = useValidatedForm({ initial: initialValues, validate });

  const onSubmit = form.onSubmit((request) => {
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
        onError: toastFailure('Verification Failed', 'Failed to send verification code. Please try again.'),
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
        <SubmitButton pending={sendCode.isPending} pendingLabel="Creating Account...">
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
