import {
  type DriverVerificationFields,
  driverPhotoFields,
  driverVerificationFieldsSchema,
  licenseClasses,
  verificationErrors,
  verificationTexts,
} from '@krom/contracts/http/verification';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { DayMonthYearField } from '@krom/ui-kit/day-month-year-field.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useValidatedForm, validateWith } from '@krom/ui-kit/use-validated-form.ts';
import { useState } from 'react';
import styled from 'styled-components';
import { useMyVerification } from '../api/get-my-verification.ts';
import { useSubmitDriverVerification } from '../api/submit-driver-verification.ts';
import { PhotoField } from './photo-field.tsx';
import { SubmittedDialog } from './submitted-dialog.tsx';
import {
  inCapitals,
  declinedText,
  FormSection,
  Notice,
  ReviewNote,
  submitTexts,
  VerificationForm,
  VerificationScreen,
} from './verification-screen.tsx';

type Values = {
  cardNumber: string;
  fullName: string;
  dateOfBirth: string;
  licenseNumber: string;
  licenseClass: string;
  licenseExpiryDate: string;
};
const fields = ['cardNumber', 'fullName', 'dateOfBirth', 'licenseNumber', 'licenseClass', 'licenseExpiryDate'] as const;
const empty: Values = { cardNumber: '', fullName: '', dateOfBirth: '', licenseNumber: '', licenseClass: '', licenseExpiryDate: '' };

type Photos = Record<keyof typeof driverPhotoFields, File | null>;
const noPhotos: Photos = { ghanaCardFrontPhoto: null, ghanaCardBackPhoto: null, licenseFrontPhoto: null, licenseBackPhoto: null };

/** Checked with the contract's own rules and messages before anything is sent. */
const validate = validateWith<Values, DriverVerificationFields>(driverVerificationFieldsSchema, fields);

export const identityFirstTexts = { title: 'Verify your identity first', action: 'Verify Identity' } as const;

/**
 * /verify-identity-driver and /driver-verification: the Ghana card and the driver's licence.
 * Driver details follow identity: until the Ghana card is submitted (or after it was declined)
 * the page sends the user there instead.
 */
export function DriverVerificationPage() {
  return (
    <VerificationScreen
      title="Driver Verification"
      intro="Verify your Ghana card and driver's licence to offer rides. Verified drivers earn riders' trust."
    >
      {() => <DriverVerification />}
    </VerificationScreen>
  );
}

function DriverVerification() {
  const mine = useMyVerification();
  if (mine.isPending) return <Spinner />;
  const data = mine.data;
  // If the statuses cannot be read, the form is still offered: the server decides on submission.
  if (data && (data.verificationStatus === 'not_submitted' || data.verificationStatus === 'rejected')) {
    return (
      <Notice tone="info" action={{ to: '/verify-identity', label: identityFirstTexts.action }}>
        <strong>{identityFirstTexts.title}.</strong> {verificationErrors.identityFirst}
      </Notice>
    );
  }
  if (data?.driverVerificationStatus === 'approved') {
    return (
      <Notice tone="info" action={{ to: '/profile', label: submitTexts.backToProfile }}>
        {verificationErrors.driverAlreadyVerified}
      </Notice>
    );
  }
  return (
    <>
      {data?.driver?.status === 'rejected' ? <Notice tone="danger">{declinedText(data.driver.reason)}</Notice> : null}
      <DriverForm identity={data?.identity ?? null} />
    </>
  );
}

const uploadedText = (label: string) => `${label} uploaded - Tap to change`;

/** The driver form starts from the card and name the identity form gave: the server holds it to that card. */
function DriverForm({ identity }: { identity: { cardNumber: string; fullName: string } | null }) {
  const { toastFailure } = useToast();
  const submit = useSubmitDriverVerification();
  const [photos, setPhotos] = useState<Photos>(noPhotos);
  const initial = identity ? { ...empty, cardNumber: identity.cardNumber, fullName: identity.fullName } : empty;
  const form = useValidatedForm({ initial, validate, onEdit: 'clear' });

  const onSubmit = form.onSubmit((request) =>
    submit.mutate({ ...request, ...photos }, { onError: toastFailure(verificationTexts.failedTitle, verificationTexts.failedDefault) }),
  );

  const photo = (slot: keyof Photos) => (
    <PhotoField
      label={driverPhotoFields[slot]}
      file={photos[slot]}
      onChange={(file) => setPhotos((current) => ({ ...current, [slot]: file }))}
      uploadedText={uploadedText(driverPhotoFields[slot])}
    />
  );

  return (
    <>
      <VerificationForm noValidate onSubmit={onSubmit} aria-label="Driver verification">
        <FormSection>
          <legend>Ghana Card</legend>
          <TextField
            label="Ghana Card Number"
            placeholder="GHA-123456789-0"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            {...form.field('cardNumber', inCapitals)}
          />
          <TextField label="Full Name" autoComplete="name" hint="As it appears on your Ghana card" {...form.field('fullName')} />
          <DayMonthYearField label="Date of Birth" autoComplete="bday" {...form.field('dateOfBirth')} />
          <Pair>
            {photo('ghanaCardFrontPhoto')}
            {photo('ghanaCardBackPhoto')}
          </Pair>
        </FormSection>
        <FormSection>
          <legend>Driver's Licence</legend>
          <TextField
            label="Licence Number"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            {...form.field('licenseNumber', inCapitals)}
          />
          <Select label="Licence Class" placeholder="Select a class" options={licenseClasses} {...form.field('licenseClass')} />
          <DayMonthYearField label="Licence Expiry Date" {...form.field('licenseExpiryDate')} />
          <Pair>
            {photo('licenseFrontPhoto')}
            {photo('licenseBackPhoto')}
          </Pair>
        </FormSection>
        <ReviewNote>{verificationTexts.driverReviewNote}</ReviewNote>
        <SubmitButton pending={submit.isPending} pendingLabel={submitTexts.submitting}>
          {submitTexts.submit}
        </SubmitButton>
      </VerificationForm>
      {submit.isSuccess ? <SubmittedDialog reviewNote={verificationTexts.driverReviewNote} /> : null}
    </>
  );
}


/** Front and back side by side from tablets up; stacked on a phone. */
const Pair = styled.div`
  display: grid;
  gap: 16px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;
