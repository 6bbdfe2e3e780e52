import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from '@krom/contracts/http/auth';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { FormFooter, FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { EmailField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { type Choice, ChoiceCards } from '../../../lib/choice-card.tsx';
import { maskPhone } from '../../../lib/phone-display.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { maskEmail, saveReset } from '../recovery-storage.ts';

type Method = ForgotPasswordRequest['method'];

/**
 * The spec's cards read "reset via link" for e-mail, but Krom e-mails the same 4-digit code as
 * the SMS, so the card says what really happens.
 */
const options: Choice<Method>[] = [
  {
    value: 'email',
    title: 'Email',
    text: 'Reset via a 4-digit code sent by email',
    icon: 'M3 6h18v12H3zM3 7l9 6 9-6',
  },
  {
    value: 'sms',
    title: 'Phone',
    text: 'Reset via SMS code',
    icon: 'M7 2h10v20H7zM11 18h2',
  },
];

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { toast, toastFailure } = useToast();
  const requestReset = useRequestPasswordReset();
  const [method, setMethod] = useState<Method | null>(null);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);

  // Choosing a card reveals its one field; the keyboard should open on it straight away.
  useEffect(() => {
    if (method) field.current?.focus();
  }, [method]);

  const choose = (next: Method) => {
    setMethod(next);
    setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!method) return;
    const parsed = forgotPasswordRequestSchema.safeParse(method === 'email' ? { method, email } : { method, phone });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const request = parsed.data;
    requestReset.mutate(request, {
      onSuccess: ({ resendAfterSeconds }) => {
        const sentTo = request.method === 'email' ? maskEmail(request.email) : maskPhone(request.phone);
        saveReset({ method: request.method, sentTo, resendAvailableAt: Date.now() + resendAfterSeconds * 1000 });
        // The answer is the same for unknown addresses, so the toast does not claim an account exists.
        toast({
          title: 'Reset Code Sent',
          description:
            request.method === 'email'
              ? 'If this email belongs to a Krom account, a 4-digit code has been sent to it.'
              : 'If this phone number belongs to a Krom account, a 4-digit code has been sent to it by SMS.',
        });
        navigate('/password-reset-otp');
      },
      onError: toastFailure('Reset Failed', 'Something went wrong. Please try again.'),
    });
  };

  return (
    <FormPage title="Password Recovery" lead="Choose how you'd like to get a code to reset your password.">
      <FormStack noValidate onSubmit={onSubmit}>
        <Options>
          <legend>Reset method</legend>
          <ChoiceCards name="method" choices={options} selected={method} onSelect={choose} />
        </Options>
        {method === 'email' ? (
          <EmailField key="email" ref={field} label="Email Address" name="email" value={email} error={error} onValueChange={setEmail} />
        ) : null}
        {method === 'sms' ? (
          <PhoneField key="phone" ref={field} label="Phone Number" name="phone" value={phone} error={error} onValueChange={setPhone} />
        ) : null}
        {method ? (
          <SubmitButton pending={requestReset.isPending} pendingLabel="Sending...">
            Send Reset Code
          </SubmitButton>
        ) : null}
      </FormStack>
      <FormFooter>
        <Link to="/login">Back to Login</Link>
      </FormFooter>
    </FormPage>
  );
}

const Options = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: 8px;
    padding: 0;
    font-weight: 600;
    font-size: 0.9375rem;
  }
`;
