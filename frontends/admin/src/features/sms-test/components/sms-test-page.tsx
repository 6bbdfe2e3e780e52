import {
  type BookingDetails,
  sendBookingConfirmationRequestSchema,
  smsTestSendCodeRequestSchema,
  smsTestVerifyCodeRequestSchema,
} from '@krom/contracts/http/staff-messages';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSendBookingConfirmation } from '../api/send-booking-confirmation.ts';
import { useSendTestCode } from '../api/send-test-code.ts';
import { useVerifyTestCode } from '../api/verify-test-code.ts';
import { framedAction } from '../../../lib/action-box.tsx';

/** The spec: a code of up to 6 digits. */
export const testCodeLength = 6;

const detailFields: { name: keyof BookingDetails; label: string }[] = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
  { name: 'date', label: 'Date' },
  { name: 'time', label: 'Time' },
  { name: 'driver', label: 'Driver' },
  { name: 'vehicle', label: 'Vehicle' },
];

/** A trip to confirm without typing: tomorrow morning, Accra to Kumasi ("12 Dec", as the SMS words dates). */
export function defaultBookingDetails(now = new Date()): BookingDetails {
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return {
    from: 'Accra',
    to: 'Kumasi',
    date: tomorrow.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }),
    time: '08:00',
    driver: 'Kwame Mensah',
    vehicle: 'Toyota Corolla GR-1234-20',
  };
}

/**
 * /sms-test: staff send real texts to a number of their choice: a verification code, its check,
 * and a booking confirmation. Each answer's message is the toast; a failure shows the server's.
 */
export function SmsTestPage() {
  const { toast } = useToast();
  const sendCode = useSendTestCode();
  const verifyCode = useVerifyTestCode();
  const sendBooking = useSendBookingConfirmation();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [details, setDetails] = useState(() => defaultBookingDetails());
  const codeInput = useRef<HTMLInputElement>(null);

  const done = (after?: () => void) => ({
    onSuccess: ({ message }: { message: string }) => {
      toast({ title: message });
      after?.();
    },
    onError: (error: unknown) =>
      toast({ variant: 'destructive', title: 'Error', description: failureText(error, 'The text could not be sent. Please try again.') }),
  });

  /** The first message for the phone, if the schema refused it, shown under the field. */
  const phoneIssue = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
    issues.find((issue) => issue.path[0] === 'phoneNumber')?.message;

  const onSendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = smsTestSendCodeRequestSchema.safeParse({ phoneNumber: phone });
    setPhoneError(parsed.success ? undefined : phoneIssue(parsed.error.issues));
    if (!parsed.success) return;
    sendCode.mutate(parsed.data.phoneNumber, done(() => codeInput.current?.focus()));
  };

  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = smsTestVerifyCodeRequestSchema.safeParse({ phoneNumber: phone, code });
    setPhoneError(parsed.success ? undefined : phoneIssue(parsed.error.issues));
    setCodeError(parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'code')?.message);
    if (!parsed.success) return;
    verifyCode.mutate(parsed.data, done());
  };

  const onSendBooking = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = sendBookingConfirmationRequestSchema.safeParse({ phoneNumber: phone, bookingDetails: details });
    setPhoneError(parsed.success ? undefined : phoneIssue(parsed.error.issues));
    if (!parsed.success) return;
    sendBooking.mutate(parsed.data, done());
  };

  const noPhone = phone.trim() === '';
  const detailMissing = Object.values(details).some((value) => value.trim() === '');

  return (
    <Main>
      <Back to="/admin">← Back to dashboard</Back>
      <div>
        <h1>SMS Test Panel</h1>
        <Lead>These are real texts: use a phone you can check.</Lead>
      </div>
      <PhoneField
        label="Phone number"
        name="phoneNumber"
        hint="Ghana number: 0241234567 or +233 24 123 4567"
        value={phone}
        error={phoneError}
        onValueChange={(value) => {
          setPhone(value);
          setPhoneError(undefined);
        }}
      />

      <Step title="Step 1: Send a verification code" onSubmit={onSendCode}>
        <Button type="submit" disabled={noPhone || sendCode.isPending}>
          {sendCode.isPending ? 'Sending...' : 'Send verification code'}
        </Button>
      </Step>

      <Step title="Step 2: Verify the code" onSubmit={onVerify}>
        <TextField
          ref={codeInput}
          label="Verification code"
          name="code"
          hint="Up to 6 digits, from the text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={testCodeLength}
          value={code}
          error={codeError}
          onValueChange={(value) => {
            setCode(value.replace(/\D/g, '').slice(0, testCodeLength));
            setCodeError(undefined);
          }}
        />
        <Button type="submit" disabled={code === '' || noPhone || verifyCode.isPending}>
          {verifyCode.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </Step>

      <Step title="Step 3: Send a test booking confirmation" onSubmit={onSendBooking}>
        <Details>
          {detailFields.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              name={name}
              maxLength={80}
              value={details[name]}
              onValueChange={(value) => setDetails((current) => ({ ...current, [name]: value }))}
            />
          ))}
        </Details>
        <Button type="submit" disabled={noPhone || detailMissing || sendBooking.isPending}>
          {sendBooking.isPending ? 'Sending...' : 'Send booking confirmation'}
        </Button>
      </Step>
    </Main>
  );
}

function Step({ title, onSubmit, children }: { title: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <StepForm noValidate onSubmit={onSubmit} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </StepForm>
  );
}

const Main = styled(Container).attrs({ as: 'main' })`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  max-width: 720px;
  padding-top: 16px;
  padding-bottom: 48px;

  h1 { font-size: 1.5rem; }
`;

const Back = styled(Link)`
  justify-self: start;
  padding: 10px 0;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;

const Lead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
`;

const StepForm = styled.form`
  ${framedAction}

  h2 { font-size: 1.0625rem; }
  > div { width: 100%; }
`;

const Details = styled.div`
  display: grid;
  gap: 12px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;
