import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { FormPage } from '@krom/ui-kit/form-page.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { type CodeEntryHandle, CodeEntryForm, ResendCode, ResendCountdown } from '../../../lib/code-entry.tsx';
import { useRegisterUser } from '../api/register-user.ts';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { useVerifyPhoneCode } from '../api/verify-phone-code.ts';
import { formatPhone, maskedPhonePlaceholder } from '../../../lib/phone-display.ts';
import { clearSignUp, readSignUp, type StoredSignUp, saveSignUp } from '../sign-up-storage.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';

/** The spec's 02:30, used when the server's own wait is not known (the page was opened directly). */
const defaultResendSeconds = 150;

export function PhoneVerificationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useToast();
  const [signUp, setSignUp] = useState<StoredSignUp | null>(readSignUp);
  const [resendAt, setResendAt] = useState(() => signUp?.resendAvailableAt ?? Date.now() + defaultResendSeconds * 1000);
  const secondsLeft = useCountdown(resendAt);
  const codeEntry = useRef<CodeEntryHandle>(null);
  const verify = useVerifyPhoneCode();
  const register = useRegisterUser();
  const resend = useSendPhoneCode();
  const busy = verify.isPending || register.isPending;
  const phoneNumber = signUp?.phoneNumber;

  const finish = () => {
    clearSignUp();
    // The BFF signed the new user in: the cached "signed out" must not outlive this page.
    void refreshCurrentUser(queryClient);
    navigate('/onboarding');
  };

  const createAccount = (registration: NonNullable<StoredSignUp['registration']>) => {
    register.mutate(registration, {
      onSuccess: () => {
        toast({ title: 'Account Created Successfully!', description: "Welcome to Krom! You're now logged in." });
        finish();
      },
      onError: toastFailure('Account Creation Failed', 'Phone verified but failed to create account. Please contact support.'),
    });
  };

  const submit = (code: string) => {
    // Spec section 4: with nothing stored there is no account to create; the person goes on.
    if (!signUp) {
      navigate('/onboarding');
      return;
    }
    verify.mutate(
      { phoneNumber: signUp.phoneNumber, verificationCode: code },
      {
        onSuccess: () => {
          toast({ title: 'Phone Verified!', description: 'Creating your account...' });
          if (signUp.registration) createAccount(signUp.registration);
          else finish();
        },
        onError: (error) => {
          toastFailure('Verification Failed', 'Invalid verification code. Please try again.')(error);
          codeEntry.current?.clear();
        },
      },
    );
  };

  const sendAgain = () => {
    if (!phoneNumber) return;
    resend.mutate(
      { phoneNumber },
      {
        onSuccess: ({ resendAfterSeconds }) => {
          const next = { ...(signUp ?? { phoneNumber }), resendAvailableAt: Date.now() + resendAfterSeconds * 1000 };
          saveSignUp(next);
          setSignUp(next);
          setResendAt(next.resendAvailableAt);
          toast({ title: 'Code Sent' });
        },
        onError: toastFailure('Resend Failed', 'Failed to resend code. Please try again.'),
      },
    );
  };

  return (
    <FormPage
      title="Verify Your Phone"
      lead={
        <>
          Enter the 4-digit code we sent to <Phone>{phoneNumber ? formatPhone(phoneNumber) : maskedPhonePlaceholder}</Phone>
        </>
      }
    >
      <CodeEntryForm
        ref={codeEntry}
        label="Verification code"
        onCode={submit}
        pending={busy}
        pendingLabel={register.isPending ? 'Creating Account...' : 'Verifying...'}
      >
        Verify
      </CodeEntryForm>
      <ResendCode>
        <ResendCountdown label="Send Again" secondsLeft={secondsLeft} pending={resend.isPending || !phoneNumber} onResend={sendAgain} />
      </ResendCode>
      <Back>
        <Link to="/create-account">Change phone number</Link>
      </Back>
    </FormPage>
  );
}

const Phone = styled.strong`
  color: ${({ theme }) => theme.color.text};
  white-space: nowrap;
`;

const Back = styled.p`
  text-align: center;
  font-size: 0.9375rem;
`;
