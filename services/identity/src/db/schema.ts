import { genders } from '@krom/contracts/http/ride-preference-values';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';
export { signInThrottles } from '@krom/server-kit/sign-in-throttle';

/**
 * Accounts, with the spec's fields. A deleted account keeps its row (other services' records
 * point at its id) but loses every personal detail: e-mail and phone become null, so both are
 * free to register again; uniqueness holds among live accounts only.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased: addresses compare case-insensitively. */
    email: text('email'),
    phone: text('phone'),
    /** argon2id hash; null once the account is deleted. */
    password: text('password'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    profileImageUrl: text('profile_image_url'),
    /** The gender the member stated ('woman' or 'man'), null when not stated: shown to nobody; it decides who may post or book a women-only ride. */
    gender: text('gender', { enum: genders }),
    isVerified: boolean('is_verified').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('not_submitted'),
    ghanaCardNumber: text('ghana_card_number'),
    verificationFullName: text('verification_full_name'),
    dateOfBirth: date('date_of_birth'),
    expiryDate: date('expiry_date'),
    frontPhotoUrl: text('front_photo_url'),
    backPhotoUrl: text('back_photo_url'),
    verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
    verificationApprovedAt: timestamp('verification_approved_at', { withTimezone: true }),
    isDriver: boolean('is_driver').notNull().default(false),
    driverVerificationStatus: text('driver_verification_status').notNull().default('not_submitted'),
    licenseNumber: text('license_number'),
    licenseClass: text('license_class'),
    licenseExpiryDate: date('license_expiry_date'),
    licenseFrontPhotoUrl: text('license_front_photo_url'),
    licenseBackPhotoUrl: text('license_back_photo_url'),
    driverVerificationSubmittedAt: timestamp('driver_verification_submitted_at', { withTimezone: true }),
    driverVerificationApprovedAt: timestamp('driver_verification_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set while staff suspend the account: no sign-in, and rides refuses posting and booking. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    suspendedBy: uuid('suspended_by'),
    /**
     * The account's aggregate version: 1 at registration, +1 in the same transaction as every
     * later change. Each identity event carries it, so a consumer keeps the newest state it saw.
     */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`).where(sql`${table.deletedAt} IS NULL`),
    // One live account per phone number, so an SMS recovery names exactly one account.
    uniqueIndex('users_phone_key').on(table.phone).where(sql`${table.deletedAt} IS NULL`),
    check('users_gender_check', sql`${table.gender} IN ('woman', 'man')`),
  ],
);

/** Notification and privacy toggles; a missing row reads as the spec's defaults. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  rideReminders: boolean('ride_reminders').notNull().default(true),
  promotionalEmails: boolean('promotional_emails').notNull().default(false),
  showPhoneToDrivers: boolean('show_phone_to_drivers').notNull().default(true),
  showProfileToOthers: boolean('show_profile_to_others').notNull().default(true),
  shareLocationData: boolean('share_location_data').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** 1 when created, +1 by every save: `user.notification_settings` carries it, so a consumer keeps the newest. */
  version: integer('version').notNull().default(1),
});

/**
 * Uploaded files: the object lives in the store under a key the server made; callers know it
 * only by its random public id. `kind` decides who may read it.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: text('public_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploads_public_id_key').on(table.publicId),
    index('uploads_owner_idx').on(table.ownerId),
    // The prune of unused uploads reads the old ones.
    index('uploads_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Uploads per user per UTC day, counted up front (uploads/upload-quota.ts). A separate tally,
 * not a count of `uploads`, so deleting photos does not give the day's quota back.
 */
export const uploadQuotaUsage = pgTable(
  'upload_quota_usage',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    uploads: integer('uploads').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.day] }), index('upload_quota_usage_day_idx').on(table.day)],
);

/**
 * Identity (Ghana card) and driver (licence) verification submissions, one row per form sent.
 * A user has at most one pending submission of each kind: sending again while one waits marks
 * the older one `superseded`. The user's statuses stay on `users`; this is the review record.
 */
export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'identity' | 'driver' */
    kind: text('kind').notNull(),
    /** 'pending' | 'approved' | 'rejected' | 'superseded' */
    status: text('status').notNull().default('pending'),
    fullName: text('full_name').notNull(),
    /** Normalised upper-case (GHA-123456789-0). */
    cardNumber: text('card_number').notNull(),
    /** The card's expiry (identity form). */
    expiryDate: date('expiry_date'),
    dateOfBirth: date('date_of_birth'),
    licenseNumber: text('license_number'),
    licenseClass: text('license_class'),
    licenseExpiryDate: date('license_expiry_date'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The staff account (admin service) that decided. */
    decidedBy: uuid('decided_by'),
    reason: text('reason'),
    /** When the photos were deleted after the decision (verification/photo-retention.ts); null while kept. */
    photosDeletedAt: timestamp('photos_deleted_at', { withTimezone: true }),
  },
  (table) => [
    // The review queue: by status, oldest (or newest) first.
    index('verification_submissions_queue_idx').on(table.status, table.submittedAt),
    index('verification_submissions_user_idx').on(table.userId, table.kind, table.submittedAt),
    // Never two waiting submissions of one kind for one user, whatever races.
    uniqueIndex('verification_submissions_one_pending_key')
      .on(table.userId, table.kind)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * The photos of a submission. Each is an upload of kind 'verification' (object under
 * `verification/<userId>/<uuid>.<ext>`, counted against the upload quota) that only the document
 * route serves; `id` is the document id staff's signed links name.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => verificationSubmissions.id, { onDelete: 'cascade' }),
    /** The form's file field (cardPhoto, licenseFrontPhoto, ...). */
    slot: text('slot').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
  },
  (table) => [index('verification_documents_submission_idx').on(table.submissionId), uniqueIndex('verification_documents_upload_key').on(table.uploadId)],
);
