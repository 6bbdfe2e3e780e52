import {
  type IdentityVerificationFields,
  identityVerificationFieldsSchema,
  verificationErrors,
  verificationTexts,
} from '@krom/contracts/http/verification';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { DayMonthYearField } from '@krom/ui-kit/day-month-year-field.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useValidatedForm, validateWith } from '@krom/ui-kit/use-validated-form.ts';
import { useState } from 'react';
import { useMyVerification } from '../api/get-my-verification.ts';
import { useSubmitIdentityVerification } from '../api/submit-identity-verification.ts';
import { PhotoField } from './photo-field.tsx';
import { SelfieField } from './selfie-field.tsx';
import { SubmittedDialog } from './submitted-dialog.tsx';
import {
  inCapitals,
  declinedText,
  Notice,
  ReviewNote,
  submitTexts,
  VerificationForm,
  VerificationScreen,
} from './verification-screen.tsx';

type Values = { fullName: string; cardNumber: string; expiryDate: string };
const fields = ['fullName', 'cardNumber', 'expiryDate'] as const;

/** Checked with the contract's own rules and messages before anything is sent. */
const validate = validateWith<Values, IdentityVerificationFields>(identityVerificationFieldsSchema, fields);

/** /verify-identity: the passenger's Ghana card details, a card photo and a selfie (both optional). */
export function IdentityVerificationPage() {
  return (
    <VerificationScreen
      title="Verify Your Identity"
      intro="Confirm who you are with your Ghana card. Verified profiles help riders and drivers trust each other."
    >
      {() => <IdentityVerification />}
    </VerificationScreen>
  );
}

/** Shown above the form while a submission waits for staff: sending again replaces it. */
export const pendingText = 'Your details are being reviewed. Send the form again only to correct them: the new one replaces the one waiting.';

function IdentityVerification() {
  const mine = useMyVerification();
  if (mine.isPending) return <Spinner />;
  // If the statuses cannot be read, the form is still offered: the server decides on submission.
  const latest = mine.data?.identity;
  if (mine.data?.verificationStatus === 'approved') {
    return (
      <Notice tone="info" action={{ to: '/profile', label: submitTexts.backToProfile }}>
        {verificationErrors.alreadyVerified}
      </Notice>
    );
  }
  return (
    <>
      {latest?.status === 'rejected' ? <Notice tone="danger">{declinedText(latest.reason)}</Notice> : null}
      {latest?.status === 'pending' ? <Notice tone="info">{pendingText}</Notice> : null}
      <IdentityForm />
    </>
  );
}

function IdentityForm() {
  const { toastFailure } = useToast();
  const submit = useSubmitIdentityVerification();
  const [cardPhoto, setCardPhoto] = useState<File | null>(null);
  const [selfiePhoto, setSelfiePhoto] = useState<File | null>(null);
  const form = useValidatedForm({ initial: { fullName: '', cardNumber: '', expiryDate: '' }, validate, onEdit: 'clear' });

  const onSubmit = form.onSubmit((request) =>
    submit.mutate(
      { ...request, cardPhoto, selfiePhoto },
      { onError: toastFailure(verificationTexts.failedTitle, verificationTexts.failedDefault) },
    ),
  );

  return (
    <>
      <VerificationForm noValidate onSubmit={onSubmit} aria-label="Identity verification">
        <TextField label="Full Name" autoComplete="name" hint="As it appears on your Ghana card" {...form.field('fullName')} />
        <TextField
          label="Ghana Card Number"
          placeholder="GHA-123456789-0"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          {...form.field('cardNumber', inCapitals)}
        />
        <DayMonthYearField label="Expiry Date" {...form.field('expiryDate')} />
        <PhotoField label="Ghana Card Photo" file={cardPhoto} onChange={setCardPhoto} uploadedText={verificationTexts.cardUploaded} />
        <SelfieField file={selfiePhoto} onChange={setSelfiePhoto} />
        <ReviewNote>{verificationTexts.passengerReviewNote}</ReviewNote>
        <SubmitButton pending={submit.isPending} pendingLabel={submitTexts.submitting}>
          {submitTexts.submit}
        </SubmitButton>
      </VerificationForm>
      {submit.isSuccess ? <SubmittedDialog reviewNote={verificationTexts.passengerReviewNote} /> : null}
    </>
  );
}
