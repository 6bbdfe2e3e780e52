import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { type ComponentProps, type ReactNode, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { emptyOtp, type OtpInputHandle, OtpInput, otpLength } from '@krom/ui-kit/otp-input.tsx';
import { formatCountdown } from './use-countdown.ts';

export type CodeEntryHandle = {
  /** Empties the boxes and puts the cursor in the first, as after a wrong code. */
  clear: () => void;
};

type CodeEntryFormProps = {
  /** The accessible name of the boxes, e.g. "Verification code". */
  label: string;
  /** A four-digit code, on submit or as the fourth digit is typed; not while `pending`. */
  onCode: (code: string) => void;
  pending: boolean;
  pendingLabel: ReactNode;
  /** The submit button's label. */
  children: ReactNode;
  ref?: Ref<CodeEntryHandle>;
};

/** The form of a code screen (phone verification, password reset): the four boxes and the submit button. */
export function CodeEntryForm({ label, onCode, pending, pendingLabel, children, ref }: CodeEntryFormProps) {
  const [digits, setDigits] = useState(emptyOtp);
  const otp = useRef<OtpInputHandle>(null);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        setDigits(emptyOtp());
        otp.current?.focusFirst();
      },
    }),
    [],
  );

  const submit = (code: string) => {
    if (!pending && code.length === otpLength) onCode(code);
  };

  return (
    <Stack as="form" $gap={24}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(digits.join(''));
      }}
    >
      <OtpInput ref={otp} label={label} digits={digits} onChange={setDigits} onComplete={submit} />
      <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={digits.some((digit) => digit === '')}>
        {children}
      </SubmitButton>
    </Stack>
  );
}

/** "Didn't get the code?" followed by the screen's way to ask for another one. */
export function ResendCode({ children }: { children: ReactNode }) {
  return (
    <Resend>
      <span>Didn't get the code?</span>
      {children}
    </Resend>
  );
}

/** The link-like button that asks for another code. */
export function ResendButton(props: Omit<ComponentProps<typeof Button>, 'type' | '$variant'>) {
  return <ResendLink type="button" $variant="ghost" {...props} />;
}

/**
 * The resend button with the wait before it may be used, counted down beside it ("02:30"): the
 * server's cooldown, so the button never claims to send while a code cannot go out.
 */
export function ResendCountdown({ label, secondsLeft, pending, onResend }: { label: string; secondsLeft: number; pending: boolean; onResend: () => void }) {
  return (
    <NoBreak>
      <ResendButton disabled={secondsLeft > 0 || pending} onClick={onResend}>
        {label}
      </ResendButton>
      <Timer role="timer" aria-label="Time until you can ask for another code">
        {formatCountdown(secondsLeft)}
      </Timer>
    </NoBreak>
  );
}

const NoBreak = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
`;

const Timer = styled.span`
  min-width: 3.2em;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const ResendLink = styled(Button)`
  min-height: 44px;
  padding: 0 10px;
  color: ${({ theme }) => theme.color.primary};
`;

const Resend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 4px 8px;
  color: ${({ theme }) => theme.color.muted};
`;
