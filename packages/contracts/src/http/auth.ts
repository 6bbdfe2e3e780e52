import { z } from 'zod';
import { emailField, fourDigitCode, ghanaPhoneField, isoDateTime, personName, uuid } from './fields.ts';
import { phoneCodeErrors } from './phone-codes.ts';
import { emergencyContactGap } from './emergency-contact-values.ts';
import { genders } from './ride-preference-values.ts';

const genderMessage = 'Please choose woman, man, or leave it unstated';

/** Passwords: the spec's minimums; 128 is a ceiling for hashing cost, well above the 64 users may use. */
const passwordCeiling = z.string().max(128, 'Password must be at most 128 characters');
/**
 * A password of at least `min` characters, spaces at its ends not counted: eight spaces are no
 * password. It is kept as typed; only the check looks past the spaces.
 */
const passwordOfAtLeast = (min: number, message: string) =>
  passwordCeiling.min(min, message).refine((password) => password.trim().length >= min, message);
export const passwordMessages = {
  min8: 'Password must be at least 8 characters',
  upper: 'Password must contain at least one uppercase letter',
  lower: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  common: 'This password is too common. Please choose a less predictable one.',
} as const;

/** POST /api/auth/register (BFF) and POST /users (identity). */
export const registerRequestSchema = z.object({
  firstName: personName('First name must be at least 2 characters'),
  lastName: personName('Last name must be at least 2 characters'),
  email: emailField,
  phone: ghanaPhoneField,
  password: passwordOfAtLeast(8, passwordMessages.min8),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/login. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginErrors = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  /** Only after the right password, so it says nothing about an address to someone guessing. */
  suspended: 'Your account is suspended. Contact support if you think this is a mistake.',
} as const;

/** The answer (429) to a sign-in while its account (user or staff) is locked after too many wrong passwords. */
export const signInLockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/**
 * Verification status as screens read it: approved, pending, rejected, or anything else meaning
 * "not verified". A new account is `not_submitted` until the user sends their Ghana card.
 */
export const verificationStatuses = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** GET /api/auth/user: the signed-in user as screens read them. */
export const userSchema = z.object({
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  verificationStatus: z.enum(verificationStatuses),
  isDriver: z.boolean(),
  driverVerificationStatus: z.enum(verificationStatuses),
  createdAt: isoDateTime,
  /** The gender the member stated (only to them; it decides who may post or book a women-only ride); null when not stated. Absent from answers made before it was added. */
  gender: z.enum(genders).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** PUT /api/auth/profile. Email and phone are shown but not editable: they are ignored if sent. */
const profileUpdateFields = z.object({
  firstName: personName('First name must be at least 2 characters'),
  lastName: personName('Last name must be at least 2 characters'),
  email: z.string().optional(),
  phone: z.string().optional(),
  emergencyContactName: z.string().trim().max(120).nullable().optional(),
  emergencyContactPhone: z
    .union([z.literal(''), ghanaPhoneField])
    .nullable()
    .optional(),
  profileImageUrl: z.string().max(500).nullable().optional(),
  /** Optional and shown to nobody: left out, it stays as it was; null, it is no longer stated. */
  gender: z.enum(genders, { error: genderMessage }).nullable().optional(),
});
/**
 * Sent together, the emergency contact's name and phone must both be given or both be empty;
 * sent alone, one is checked against the saved other by identity (update-profile.ts).
 */
export const profileUpdateRequestSchema = profileUpdateFields.superRefine((request, ctx) => {
  if (request.emergencyContactName === undefined || request.emergencyContactPhone === undefined) return;
  const gap = emergencyContactGap(request.emergencyContactName, request.emergencyContactPhone);
  if (gap) ctx.addIssue({ code: 'custom', path: [gap.field], message: gap.message });
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** POST /api/auth/change-password (settings): the spec's in-app rules. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128),
  newPassword: passwordOfAtLeast(6, 'New password must be at least 6 characters long.'),
});
export const changePasswordErrors = { wrongCurrent: 'Current password is incorrect.' } as const;

/**
 * POST /api/auth/forgot-password. The spec sends only the method, which cannot name an
 * account, so the screen also asks for the e-mail address or the phone number.
 */
export const forgotPasswordRequestSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailField }),
  z.object({ method: z.literal('sms'), phone: ghanaPhoneField }),
]);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
/** The same answer whether or not an account matched. */
export const forgotPasswordResponseSchema = z.object({ message: z.string(), resendAfterSeconds: z.number().int() });

export const resetMethodSchema = z.enum(['email', 'sms']);
/** POST /api/auth/verify-reset-otp. */
export const verifyResetOtpRequestSchema = z.object({
  otp: fourDigitCode('Verification code must be 4 digits'),
  method: resetMethodSchema,
});
/** POST /api/auth/resend-reset-code. */
export const resendResetCodeRequestSchema = z.object({ method: resetMethodSchema });

/** POST /api/auth/reset-password: only the new password, allowed after the code was verified. */
export const resetPasswordRequestSchema = z.object({
  password: passwordOfAtLeast(8, passwordMessages.min8)
    .regex(/[A-Z]/, passwordMessages.upper)
    .regex(/[a-z]/, passwordMessages.lower)
    .regex(/\d/, passwordMessages.number),
});
export const resetErrors = {
  invalidCode: 'Invalid verification code. Please try again.',
  /** What /phone-verification says once a code has had its three tries. */
  tooManyTries: phoneCodeErrors.tooManyTries,
  notVerified: 'Please verify your reset code first.',
} as const;

/** Notification and privacy settings with the spec's defaults. */
export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  rideReminders: z.boolean(),
  promotionalEmails: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const defaultNotificationSettings: NotificationSettings = {
  emailNotifications: true,
  smsNotifications: true,
  pushNotifications: true,
  rideReminders: true,
  promotionalEmails: false,
};
export const privacySettingsSchema = z.object({
  showPhoneToDrivers: z.boolean(),
  showProfileToOthers: z.boolean(),
  shareLocationData: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const defaultPrivacySettings: PrivacySettings = { showPhoneToDrivers: true, showProfileToOthers: true, shareLocationData: true };
/** GET /api/user/settings (added: the toggles must show what was saved). */
export const userSettingsSchema = z.object({ notifications: notificationSettingsSchema, privacy: privacySettingsSchema });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** POST /api/upload answers with the stored image's URL and the id a DELETE names. */
export const uploadResponseSchema = z.object({ url: z.string(), publicId: z.string() });
export const deleteUploadRequestSchema = z.object({ publicId: z.string().min(1) });
export const uploadErrors = {
  notImage: 'Please select an image file',
  tooLarge: 'Image must be smaller than 5MB',
  /** 429 past the per-user daily upload quota. */
  dailyQuota: 'You have uploaded too many images today. Please try again tomorrow.',
} as const;
export const maxImageBytes = 5 * 1024 * 1024;
/**
 * The image types Krom stores (read from the bytes on the server): what phones' cameras and
 * galleries give except HEIC, which browsers cannot show. Screens offer and check these before
 * sending, so a photo that would be refused is refused at once, not at Submit.
 */
export const storedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/* ---------------------------------------------------------------- added with the identity service */

/** POST /api/auth/register and POST /api/auth/login answer with the signed-in User (201 and 200). */
export const signedInResponseSchema = userSchema;

/** A taken e-mail (any capitalisation) or phone number refuses a registration with 409. */
export const registerErrors = {
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
} as const;

/** The signed-in account no longer exists (deleted): the BFF ends the session and answers 401. */
export const accountErrors = { notFound: 'Account not found', notSignedIn: 'Sign-in required' } as const;

/** PUT /api/auth/profile: a profile image must be one of the user's own uploads. */
export const profileErrors = { imageNotUploaded: 'Please upload the profile image again.' } as const;

/** POST /api/auth/forgot-password and POST /api/auth/resend-reset-code: the same answer either way. */
export const resetCodeSentMessage = {
  email: 'If an account matches, a 4-digit code is on its way to its email address.',
  sms: 'If an account matches, a 4-digit code is on its way to its phone.',
} as const;
/** resend-reset-code without a forgot-password request first in this browser session. */
export const resetNoRequestMessage = 'Please request a reset code first.';

/** PUT /api/user/notifications and PUT /api/user/privacy: any of the toggles; both answer UserSettings. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema.partial();
export const privacySettingsUpdateSchema = privacySettingsSchema.partial();

/** Uploads: what an image is for decides who may see it (a profile photo: any signed-in user). */
export const uploadKinds = ['profile'] as const;
export const uploadKindErrors = { unknownKind: 'Unknown upload type' } as const;
export const uploadNotFound = 'Image not found';
/** The multipart form of POST /api/upload: the file in `image`, its use in `type`. */
export const uploadFormFields = { file: 'image', kind: 'type' } as const;
/** That form as the OpenAPI document shows it; identity reads the stream itself, so nothing parses with it. */
export const uploadFormSchema = z.object({
  [uploadFormFields.file]: z.string().meta({ format: 'binary', description: 'The image, at most 5 MB' }),
  [uploadFormFields.kind]: z.enum(uploadKinds).optional().describe('What the image is for (default "profile")'),
});
/** A public id as the upload URLs carry it. */
export const uploadPublicIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** POST /sessions (identity): the account whose credentials matched. */
export const checkCredentialsResponseSchema = z.object({ user: userSchema });

/** POST /recovery/lookup (identity): the account an e-mail, phone or id names; 404 when none. */
export const recoveryLookupRequestSchema = z.union([
  z.object({ email: emailField }).strict(),
  z.object({ phone: ghanaPhoneField }).strict(),
  z.object({ userId: uuid }).strict(),
]);
export type RecoveryLookupRequest = z.infer<typeof recoveryLookupRequestSchema>;
export const recoveryLookupResponseSchema = z.object({ userId: uuid, email: z.string(), phone: z.string() });
export type RecoveryLookupResponse = z.infer<typeof recoveryLookupResponseSchema>;
