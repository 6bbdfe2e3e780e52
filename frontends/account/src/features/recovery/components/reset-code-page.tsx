import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AuthPage, FormFooter } from '../../sign-in/components/auth-page.tsx';
import { emptyOtp, type OtpInputHandle, OtpInput, otpLength } from '../../sign-up/components/otp-input.tsx';
import { useResendResetCode } from '../api/resend-reset-code.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { readReset } from '../recovery-storage.ts';

/**
 * Code entry for a password reset. The spec fixes the method to email here, which breaks a reset
 * by SMS; Krom verifies and resends with the method chosen on the previous screen.
 */
export function ResetCodePage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [reset] = useState(readReset);
  const method = reset?.method ?? 'email';
  const [digits, setDigits] = useState(emptyOtp);
  const otp = useRef<OtpInputHandle>(null);
  const verify = useVerifyResetCode();
  const resend = useResendResetCode();

  const submit = (code: string) => {
    if (verify.isPending || code.length !== otpLength) return;
    verify.mutate(
      { otp: code, method },
      {
        onSuccess: () => {
          toast({ title: 'Code Verified' });
          navigate('/reset-password');
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

  const sendAgain = () =>
    resend.mutate(
      { method },
      {
        onSuccess: () => toast({ title: 'Code Sent' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Resend Failed',
            description: failureText(error, 'Failed to resend code. Please try again.'),
          }),
      },
    );

  const where = method === 'email' ? 'by email' : 'by SMS';
  const complete = digits.every((digit) => digit !== '');
  return (
    <AuthPage
      title="Enter Reset Code"
      lead={
        reset ? (
          <>
            Enter the 4-digit code we sent {where} to <Destination>{reset.sentTo}</Destination>
          </>
        ) : (
          'Enter the 4-digit code we sent you.'
        )
      }
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(digits.join(''));
        }}
      >
        <OtpInput ref={otp} label="Reset code" digits={digits} onChange={setDigits} onComplete={submit} />
        <Button type="submit" $block $size="lg" disabled={!complete || verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify Code'}
        </Button>
      </Form>
      <Resend>
        <span>Didn't get the code?</span>
        <ResendButton type="button" $variant="ghost" disabled={resend.isPending} onClick={sendAgain}>
          {resend.isPending ? 'Sending...' : 'Resend Code'}
        </ResendButton>
      </Resend>
      <FormFooter>
        <Link to="/login">Back to Login</Link>
      </FormFooter>
    </AuthPage>
  );
}

const Destination = styled.strong`
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
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
  gap: 4px 8px;
  color: ${({ theme }) => theme.color.muted};
`;

const ResendButton = styled(Button)`
  min-height: 44px;
  padding: 0 10px;
  color: ${({ theme }) => theme.color.primary};
`;
