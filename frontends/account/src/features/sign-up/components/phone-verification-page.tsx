import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AuthPage } from '../../sign-in/components/auth-page.tsx';
import { useRegisterUser } from '../api/register-user.ts';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { useVerifyPhoneCode } from '../api/verify-phone-code.ts';
import { formatPhone, maskedPhonePlaceholder } from '../phone-display.ts';
import { clearSignUp, readSignUp, type StoredSignUp, saveSignUp } from '../sign-up-storage.ts';
import { formatCountdown, useCountdown } from '../use-countdown.ts';
import { emptyOtp, type OtpInputHandle, OtpInput, otpLength } from './otp-input.tsx';

/** The spec's 02:30, used when the server's own wait is not known (the page was opened directly). */
const defaultResendSeconds = 150;

export function PhoneVerificationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [signUp, setSignUp] = useState<StoredSignUp | null>(readSignUp);
  const [resendAt, setResendAt] = useState(() => signUp?.resendAvailableAt ?? Date.now() + defaultResendSeconds * 1000);
  const secondsLeft = useCountdown(resendAt);
  const [digits, setDigits] = useState(emptyOtp);
  const otp = useRef<OtpInputHandle>(null);
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
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Account Creation Failed',
          description: failureText(error, 'Phone verified but failed to create account. Please contact support.'),
        }),
    });
  };

  const submit = (code: string) => {
    if (busy || code.length !== otpLength) return;
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
          toast({
            variant: 'destructive',
            title: 'Verification Failed',
            description: failureText(error, 'Invalid verification code. Please try again.'),
          });
          setDigits(emptyOtp());
          otp.current?.focusFirst();
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
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Resend Failed',
            description: failureText(error, 'Failed to resend code. Please try again.'),
          }),
      },
    );
  };

  const complete = digits.every((digit) => digit !== '');
  return (
    <AuthPage
      title="Verify Your Phone"
      lead={
        <>
          Enter the 4-digit code we sent to <Phone>{phoneNumber ? formatPhone(phoneNumber) : maskedPhonePlaceholder}</Phone>
        </>
      }
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(digits.join(''));
        }}
      >
        <OtpInput ref={otp} label="Verification code" digits={digits} onChange={setDigits} onComplete={submit} />
        <Button type="submit" $block $size="lg" disabled={!complete || busy}>
          {register.isPending ? 'Creating Account...' : verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </Form>
      <Resend>
        <span>Didn't get the code?</span>
        <NoBreak>
          <ResendButton
            type="button"
            $variant="ghost"
            disabled={secondsLeft > 0 || resend.isPending || !phoneNumber}
            onClick={sendAgain}
          >
            Send Again
          </ResendButton>
          <Timer role="timer" aria-label="Time until you can ask for another code">
            {formatCountdown(secondsLeft)}
          </Timer>
        </NoBreak>
      </Resend>
      <Back>
        <Link to="/create-account">Change phone number</Link>
      </Back>
    </AuthPage>
  );
}

const Phone = styled.strong`
  color: ${({ theme }) => theme.color.text};
  white-space: nowrap;
`;

const Form = styled.form`
  display: grid;
  gap: 24px;
`;

const Resend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0 4px;
  color: ${({ theme }) => theme.color.muted};
`;

const NoBreak = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
`;

const ResendButton = styled(Button)`
  min-height: 44px;
  padding: 0 10px;
  color: ${({ theme }) => theme.color.primary};
`;

const Timer = styled.span`
  min-width: 3.2em;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const Back = styled.p`
  text-align: center;
  font-size: 0.9375rem;
`;
