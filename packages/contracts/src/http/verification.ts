import { z } from 'zod';
import { maxImageBytes, verificationStatuses } from './auth.ts';
import { calendarDateField, dateMessages, daysAfter, oldestAgeYears, yearsBefore } from './dates.ts';
import { isoDateTime, uuid } from './fields.ts';

/**
 * Identity (Ghana Card) and driver (licence) verification: the forms' fields and rules with the
 * spec's messages, the staff review queue and its decisions. The forms are multipart; identity
 * reads the stream and validates the text fields with these schemas, the screens with the same.
 */

/** The spec's validation messages, plus Krom's for the rules it adds (real card format, future expiry). */
export const verificationMessages = {
  cardNumberRequired: 'Ghana card number is required',
  cardNumberFormat: 'Invalid card number format',
  fullNameRequired: 'Full name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthPast: 'Date of birth must be in the past',
  driverTooYoung: 'You must be at least 18 years old to drive on Krom',
  expiryRequired: 'Expiry date is required',
  expiryFuture: 'Expiry date must be in the future',
  licenseNumberRequired: "Driver's license number is required",
  licenseNumberFormat: "Invalid driver's license number",
  licenseClassRequired: 'License class is required',
  licenseExpiryRequired: 'License expiry date is required',
  licenseExpiryFuture: 'License expiry date must be in the future',
  invalidDate: 'Please enter a valid date',
  cardMismatch: 'This must be the Ghana card number on your identity verification',
} as const;

/** The spec's toast when a submission fails, and what the screens say around the forms. */
export const verificationTexts = {
  failedTitle: 'Verification Failed',
  failedDefault: 'Failed to submit verification. Please try again.',
  submitted: 'ID successfully submitted for verification',
  continueToProfile: 'Continue to Profile',
  passengerReviewNote: 'Review is usually completed in under 24 hours.',
  driverReviewNote: 'Review typically takes 2-3 business days.',
  cardUploaded: 'Ghana card uploaded - Tap to change',
} as const;

/** Answers (409) when a submission is not possible in the account's state. */
export const verificationErrors = {
  alreadyVerified: 'Your identity is already verified.',
  driverAlreadyVerified: 'You are already verified as a driver.',
  identityFirst: 'Please verify your identity before your driver details.',
  submissionNotFound: 'Verification submission not found',
  alreadyDecided: 'This submission has already been decided.',
  reasonRequired: 'Please give the reason for rejecting this submission',
  documentNotFound: 'Document not found',
  documentLinkExpired: 'This document link has expired. Please reopen the submission.',
  tooManyFiles: 'Too many files in the form',
  tooManySubmissions: 'Too many verification attempts today. Please try again tomorrow.',
} as const;
/** Forms a user may send in a day (both kinds together): enough to fix mistakes, not to flood the queue. */
export const dailySubmissionLimit = 10;

/**
 * A Ghana Card PIN: GHA-, nine digits, a hyphen and one check digit (GHA-123456789-0). Input is
 * trimmed and upper-cased first, so "gha-123456789-0" is the same card.
 */
export const ghanaCardPattern = /^GHA-\d{9}-\d$/;
export const normaliseGhanaCard = (value: string) => value.trim().toUpperCase();
const cardNumberField = z
  .string({ error: verificationMessages.cardNumberRequired })
  .transform(normaliseGhanaCard)
  .pipe(
    z
      .string()
      .min(1, verificationMessages.cardNumberRequired)
      // The spec's 8 to 20 characters, and then the real format.
      .min(8, verificationMessages.cardNumberFormat)
      .max(20, verificationMessages.cardNumberFormat)
      .regex(ghanaCardPattern, verificationMessages.cardNumberFormat),
  );

const fullNameField = z
  .string({ error: verificationMessages.fullNameRequired })
  .trim()
  .min(2, verificationMessages.fullNameRequired)
  .max(120, 'Full name must be at most 120 characters')
  // Two letters at least: a "name" of spaces, dots or invisible characters is no name.
  .refine((name) => (name.match(/\p{L}/gu)?.length ?? 0) >= 2, verificationMessages.fullNameRequired);

/** No card or licence is valid this far ahead; a date past it is a typing slip. */
const furthestExpiryYears = 25;
const futureDate = (required: string, future: string) =>
  calendarDateField(
    { required, invalid: verificationMessages.invalidDate },
    { earliest: (today) => daysAfter(today, 1), tooEarly: future, latest: (today) => yearsBefore(today, -furthestExpiryYears), tooLate: verificationMessages.invalidDate },
  );
/** A driver's date of birth: 18 or more years ago, and within a lifetime. */
const driverDateOfBirth = calendarDateField(
  { required: verificationMessages.dateOfBirthRequired, invalid: verificationMessages.invalidDate },
  { earliest: (today) => yearsBefore(today, oldestAgeYears), tooEarly: dateMessages.dateOfBirthTooOld, latest: (today) => yearsBefore(today, 18), tooLate: (date, today) => (date < today ? verificationMessages.driverTooYoung : verificationMessages.dateOfBirthPast) },
);

/** Ghana's DVLA licence classes, offered in the driver form. */
export const licenseClasses = [
  { value: 'A', label: 'A - Motorcycles and tricycles' },
  { value: 'B', label: 'B - Cars and light vehicles' },
  { value: 'C', label: 'C - Light trucks and minibuses' },
  { value: 'D', label: 'D - Buses and coaches' },
  { value: 'E', label: 'E - Heavy and articulated vehicles' },
  { value: 'F', label: 'F - Agricultural and construction vehicles' },
] as const;
export const licenseClassValues = licenseClasses.map((option) => option.value) as [string, ...string[]];

const licenseNumberField = z
  .string({ error: verificationMessages.licenseNumberRequired })
  .trim()
  .toUpperCase()
  .min(1, verificationMessages.licenseNumberRequired)
  .min(6, verificationMessages.licenseNumberRequired)
  .max(20, verificationMessages.licenseNumberFormat)
  .regex(/^[A-Z0-9][A-Z0-9/-]*$/, verificationMessages.licenseNumberFormat);

/** The passenger form's text fields (multipart: fullName, cardNumber, expiryDate; photos apart). */
export const identityVerificationFieldsSchema = z.object({
  fullName: fullNameField,
  cardNumber: cardNumberField,
  expiryDate: futureDate(verificationMessages.expiryRequired, verificationMessages.expiryFuture),
});
export type IdentityVerificationFields = z.infer<typeof identityVerificationFieldsSchema>;

/** The driver form's text fields (multipart; photos apart). Drivers must be 18 or over. */
export const driverVerificationFieldsSchema = z.object({
  cardNumber: cardNumberField,
  fullName: fullNameField,
  dateOfBirth: driverDateOfBirth,
  licenseNumber: licenseNumberField,
  licenseClass: z
    .string({ error: verificationMessages.licenseClassRequired })
    .min(1, verificationMessages.licenseClassRequired)
    .refine((value) => (licenseClassValues as string[]).includes(value), verificationMessages.licenseClassRequired),
  licenseExpiryDate: futureDate(verificationMessages.licenseExpiryRequired, verificationMessages.licenseExpiryFuture),
});
export type DriverVerificationFields = z.infer<typeof driverVerificationFieldsSchema>;

/** The multipart file fields, by form, with what each photo shows (labels for staff). */
export const identityPhotoFields = { cardPhoto: 'Ghana card', selfiePhoto: 'Selfie' } as const;
export const driverPhotoFields = {
  ghanaCardFrontPhoto: 'Ghana card (front)',
  ghanaCardBackPhoto: 'Ghana card (back)',
  licenseFrontPhoto: "Driver's licence (front)",
  licenseBackPhoto: "Driver's licence (back)",
} as const;
export type DocumentSlot = keyof typeof identityPhotoFields | keyof typeof driverPhotoFields;
export const documentSlots = [...Object.keys(identityPhotoFields), ...Object.keys(driverPhotoFields)] as [DocumentSlot, ...DocumentSlot[]];
/** A camera selfie is sent as this file. */
export const cameraSelfieFileName = 'selfie.jpg';

/** The forms as the OpenAPI document shows them; identity reads the stream itself. */
const photo = (description: string) => z.string().meta({ format: 'binary', description: `${description} (optional image, at most 5 MB)` }).optional();
export const identityVerificationFormSchema = z.object({
  fullName: z.string(),
  cardNumber: z.string().describe('GHA-123456789-0'),
  expiryDate: z.string().describe('yyyy-MM-dd, in the future'),
  cardPhoto: photo(identityPhotoFields.cardPhoto),
  selfiePhoto: photo(identityPhotoFields.selfiePhoto),
});
export const driverVerificationFormSchema = z.object({
  cardNumber: z.string().describe('GHA-123456789-0'),
  fullName: z.string(),
  dateOfBirth: z.string().describe('yyyy-MM-dd'),
  licenseNumber: z.string(),
  licenseClass: z.enum(licenseClassValues),
  licenseExpiryDate: z.string().describe('yyyy-MM-dd, in the future'),
  ghanaCardFrontPhoto: photo(driverPhotoFields.ghanaCardFrontPhoto),
  ghanaCardBackPhoto: photo(driverPhotoFields.ghanaCardBackPhoto),
  licenseFrontPhoto: photo(driverPhotoFields.licenseFrontPhoto),
  licenseBackPhoto: photo(driverPhotoFields.licenseBackPhoto),
});
/** The biggest form: four photos and room for the text fields and boundaries. */
export const maxVerificationFormBytes = 4 * maxImageBytes + 64 * 1024;

export const verificationKinds = ['identity', 'driver'] as const;
export type VerificationKind = (typeof verificationKinds)[number];
/** A submission's own state: `superseded` when the user sent a newer one before a decision. */
export const submissionStatuses = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const verificationDecisions = ['approved', 'rejected'] as const;

/** What a submission answers (201), and what the user's own view of one shows. */
export const submissionReceiptSchema = z.object({
  id: uuid,
  kind: z.enum(verificationKinds),
  status: z.enum(submissionStatuses),
  submittedAt: isoDateTime,
});

/**
 * GET /api/auth/verification: the user's statuses and latest submission of each kind, with the
 * reason staff gave for a rejection, so the forms can say why and what comes next.
 */
const latestSubmissionSchema = submissionReceiptSchema.extend({
  decidedAt: isoDateTime.nullable(),
  reason: z.string().nullable(),
  /** What the form gave, so the driver form starts from the identity's card and name. */
  fullName: z.string(),
  cardNumber: z.string(),
});
export const myVerificationSchema = z.object({
  verificationStatus: z.enum(verificationStatuses),
  driverVerificationStatus: z.enum(verificationStatuses),
  identity: latestSubmissionSchema.nullable(),
  driver: latestSubmissionSchema.nullable(),
});
export type MyVerification = z.infer<typeof myVerificationSchema>;

/** A document as a submission lists it: `url` is a signed link that works for a few minutes only. */
export const verificationDocumentSchema = z.object({
  id: uuid,
  slot: z.enum(documentSlots),
  label: z.string(),
  contentType: z.string(),
  url: z.string(),
  expiresAt: isoDateTime,
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;
/** How long a document link works. */
export const documentLinkSeconds = 5 * 60;
/** The signed link's query: its expiry (unix seconds) and signature. */
export const documentLinkQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/).optional(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/).optional(),
});

/** One queue row: enough to pick a submission. */
export const reviewQueueItemSchema = z.object({
  id: uuid,
  kind: z.enum(verificationKinds),
  status: z.enum(submissionStatuses),
  userId: uuid,
  userName: z.string(),
  fullName: z.string(),
  submittedAt: isoDateTime,
  documentCount: z.number().int(),
  /** The user's earlier submissions of this kind that staff rejected. */
  previousRejections: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueQuerySchema = z.object({
  status: z.enum(submissionStatuses).default('pending'),
  kind: z.enum(verificationKinds).optional(),
});
export const reviewQueueSchema = z.object({ items: z.array(reviewQueueItemSchema), pendingCount: z.number().int() });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** A decision as recorded: who (staff account id), when and why. */
export const decisionRecordSchema = z.object({
  decision: z.enum(verificationDecisions),
  reason: z.string().nullable(),
  decidedAt: isoDateTime,
  decidedBy: uuid,
});

/**
 * Days after staff's decision (approval or rejection; for a submission the member replaced, the
 * decision on the one that replaced it) that the Ghana card and licence photos are kept. Then they
 * are deleted from the object store and the database; the decision, its dates and outcome stay.
 * The privacy notice states this number.
 */
export const verificationPhotoRetentionDays = 30;

/** One submission opened by staff: its fields, its photos and the account's history of this kind. */
export const reviewSubmissionSchema = reviewQueueItemSchema.extend({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable(), createdAt: isoDateTime }),
  fields: z.object({
    fullName: z.string(),
    cardNumber: z.string(),
    expiryDate: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    licenseClass: z.string().nullable(),
    licenseExpiryDate: z.string().nullable(),
  }),
  documents: z.array(verificationDocumentSchema),
  /** When the photos were deleted, `verificationPhotoRetentionDays` after the decision; null while kept. */
  photosDeletedAt: isoDateTime.nullable(),
  decision: decisionRecordSchema.nullable(),
  history: z.array(
    z.object({ id: uuid, status: z.enum(submissionStatuses), submittedAt: isoDateTime, decision: decisionRecordSchema.nullable() }),
  ),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export const reviewReasonMax = 500;
/** Approve, or reject with a reason the user is shown (by SMS and in the app). */
export const decideVerificationRequestSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approved'), reason: z.string().trim().max(reviewReasonMax).optional() }),
  z.object({
    decision: z.literal('rejected'),
    reason: z
      .string({ error: verificationErrors.reasonRequired })
      .trim()
      .min(5, verificationErrors.reasonRequired)
      .max(reviewReasonMax, `The reason must be at most ${reviewReasonMax} characters`),
  }),
]);
export type DecideVerificationRequest = z.infer<typeof decideVerificationRequestSchema>;
