import { FormFooter, FormPage } from '@krom/ui-kit/form-page.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { type CodeEntryHandle, CodeEntryForm, ResendCode, ResendCountdown } from '../../../lib/code-entry.tsx';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useResendResetCode } from '../api/resend-reset-code.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { readReset, saveReset } from '../recovery-storage.ts';

/**
 * Code entry for a password reset. The spec fixes the method to email here, which breaks a reset
 * by SMS; Krom verifies and resends with the method chosen on the previous screen.
 */
export function ResetCodePage() {
  const navigate = useNavigate();
  const { toast, toastFailure } = useToast();
  const [reset] = useState(readReset);
  const method = reset?.method ?? 'email';
  // The server's wait from its last answer; unknown (the page was opened directly), the server decides.
  const [resendAt, setResendAt] = useState(() => reset?.resendAvailableAt ?? 0);
  const secondsLeft = useCountdown(resendAt);
  const codeEntry = useRef<CodeEntryHandle>(null);
  const verify = useVerifyResetCode();
  const resend = useResendResetCode();

  const submit = (code: string) =>
    verify.mutate(
      { otp: code, method },
      {
        onSuccess: () => {
          toast({ title: 'Code Verified' });
          navigate('/reset-password');
        },
        onError: (error) => {
          toastFailure('Verification Failed', 'Invalid verification code. Please try again.')(error);
          codeEntry.current?.clear();
        },
      },
    );

  const sendAgain = () =>
    resend.mutate(
      { method },
      {
        onSuccess: ({ resendAfterSeconds }) => {
          const resendAvailableAt = Date.now() + resendAfterSeconds * 1000;
          setResendAt(resendAvailableAt);
          if (reset) saveReset({ ...reset, resendAvailableAt });
          toast({ title: 'Code Sent' });
        },
        onError: toastFailure('Resend Failed', 'Failed to resend code. Please try again.'),
      },
    );

  const where = method === 'email' ? 'by email' : 'by SMS';
  return (
    <FormPage
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
      <CodeEntryForm ref={codeEntry} label="Reset code" onCode={submit} pending={verify.isPending} pendingLabel="Verifying...">
        Verify Code
      </CodeEntryForm>
      <ResendCode>
        <ResendCountdown label={resend.isPending ? 'Sending...' : 'Resend Code'} secondsLeft={secondsLeft} pending={resend.isPending} onResend={sendAgain} />
      </ResendCode>
      <FormFooter>
        <Link to="/login">Back to Login</Link>
      </FormFooter>
    </FormPage>
  );
}

const Destination = styled.strong`
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`;

