import { z } from 'zod';
import { aggregateVersion, defineEvent, optionalAggregateVersion } from '../envelope.ts';
import { verificationStatuses } from '../http/auth.ts';

/** A new account exists (after its phone was verified). */
export const userRegistered = defineEvent(
  'krom.identity.user.registered.v1',
  z.object({
    userId: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    registeredAt: z.string().datetime({ offset: true }),
    version: optionalAggregateVersion,
  }),
);
export type UserRegistered = z.infer<typeof userRegistered.schema>;

/** The password changed (in settings or by recovery); other sessions are ended. */
export const userPasswordChanged = defineEvent(
  'krom.identity.user.password_changed.v1',
  z.object({
    userId: z.string().uuid(),
    changedAt: z.string().datetime({ offset: true }),
    via: z.enum(['settings', 'recovery']),
    version: optionalAggregateVersion,
  }),
);

/**
 * Name or photo changed. Kept for consumers that read it; a projection of what others see of a
 * user follows `user.snapshot` instead, which is complete and covers every change.
 */
export const userProfileUpdated = defineEvent(
  'krom.identity.user.profile_updated.v1',
  z.object({
    userId: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    isVerified: z.boolean(),
    updatedAt: z.string().datetime({ offset: true }),
    version: optionalAggregateVersion,
  }),
);

/**
 * The account changed in a way its owner's screens show (private fields included: the emergency
 * contact is in no snapshot). Published in the same transaction as every profile save, so a cache
 * of the owner's view (the BFF's current user) drops its copy; other services follow `user.snapshot`.
 */
export const userChanged = defineEvent(
  'krom.identity.user.changed.v1',
  z.object({ userId: z.string().uuid(), changedAt: z.string().datetime({ offset: true }), version: aggregateVersion }),
);

/** The account was deleted: every service erases or anonymises what it holds about the user. */
export const userDeleted = defineEvent(
  'krom.identity.user.deleted.v1',
  z.object({ userId: z.string().uuid(), deletedAt: z.string().datetime({ offset: true }), version: optionalAggregateVersion }),
);

/**
 * Staff suspended a member, or lifted the suspension (identity keeps the state). Rides stops the
 * member posting and booking and cancels what they had to come; `reason` is staff's, for the log.
 */
const suspension = z.object({ userId: z.string().uuid(), reason: z.string(), staffId: z.string().uuid(), occurredAt: z.string().datetime({ offset: true }) });
export const userSuspended = defineEvent('krom.identity.user.suspended.v1', suspension);
export const userUnsuspended = defineEvent('krom.identity.user.unsuspended.v1', suspension);

/**
 * The member's own choice of how they are told, kept out of `user.snapshot` (which is what others
 * may show of a user). Published on registration (the defaults) and on every save of the SMS or
 * ride reminder toggles, in the same transaction. `version` is the settings' own (+1 per save):
 * a consumer keeps the newest it saw. Security messages (codes, recovery) ignore it.
 */
export const userNotificationSettings = defineEvent(
  'krom.identity.user.notification_settings.v1',
  z.object({
    userId: z.string().uuid(),
    smsNotifications: z.boolean(),
    /**
     * Whether the member wants the reminder before a ride leaves. Added within v1, so events
     * already in the stream lack it; they read as on, the spec's default and what every member got
     * before the choice travelled, rather than failing to parse. Producers always set it.
     */
    rideReminders: z.boolean().default(true),
    changedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type UserNotificationSettings = z.infer<typeof userNotificationSettings.schema>;

const verificationStatus = z.enum(verificationStatuses);

/**
 * Everything other services may show of a user, complete, at one version of the account. Published
 * on registration and on every change of these fields; a deleted account publishes a last one
 * with `deleted: true` and its anonymised names ("Deleted User", no photo).
 */
export const userSnapshotSchema = z.object({
  userId: z.string().uuid(),
  version: aggregateVersion,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  verificationStatus,
  isDriver: z.boolean(),
  driverVerificationStatus: verificationStatus,
  suspended: z.boolean(),
  deleted: z.boolean(),
  changedAt: z.string().datetime({ offset: true }),
  /**
   * Whether the member stated "woman" in their profile: what rides needs to let them post or book
   * a women-only ride, and all that travels of their gender (shown to nobody). Added within v1:
   * snapshots already in the stream lack it and read as not stated. Producers always set it.
   */
  statedWoman: z.boolean().default(false),
  /**
   * The member's phone and privacy choices, for rides to apply: the phone reaches the other party
   * of a confirmed booking only around departure and only while `showPhone` is on (the privacy
   * toggle "show phone to drivers"); with `showProfile` off ("show profile to others") others see
   * the first name, photo and badges only. Added within v1: snapshots already in the stream lack
   * them and read as no phone known, the spec's defaults for the toggles. Producers always set them.
   */
  phone: z.string().nullable().default(null),
  showPhone: z.boolean().default(true),
  showProfile: z.boolean().default(true),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

/**
 * `krom.identity.user.snapshot.v1.<userId>`: the user's id ends the subject, so a stream that
 * keeps one message per subject holds exactly the newest snapshot of every user.
 */
export const userSnapshotSubject = 'krom.identity.user.snapshot.v1';
export const userSnapshotOf = (userId: string) => defineEvent(`${userSnapshotSubject}.${userId}`, userSnapshotSchema);
/** Every user's snapshots, as a consumer subscribes to them. */
export const userSnapshots = defineEvent(`${userSnapshotSubject}.*`, userSnapshotSchema);

/**
 * The stream that keeps the last snapshot of each user (sourced from the event stream, one message
 * per subject, no age limit): what a projection is rebuilt from. Its name is appended to the event
 * stream's; a tombstone replaces a deleted user's last personal snapshot.
 */
export const userSnapshotStream = { suffix: 'USER_SNAPSHOTS', subjects: userSnapshots.subject } as const;

/**
 * Staff decided a verification submission. Published in the same transaction as the decision
 * (with the user's new snapshot); notifications tells the user (in the app and by SMS), rides
 * updates the statuses that gate posting. `reason` is what the user is shown; `decidedBy` is the
 * staff account's id. The statuses are the account's after the decision, at `version`.
 */
export const verificationDecided = defineEvent(
  'krom.identity.verification.decided.v1',
  z.object({
    submissionId: z.string().uuid(),
    userId: z.string().uuid(),
    kind: z.enum(['identity', 'driver']),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
    decidedBy: z.string().uuid(),
    decidedAt: z.string().datetime({ offset: true }),
    isVerified: z.boolean(),
    verificationStatus,
    isDriver: z.boolean(),
    driverVerificationStatus: verificationStatus,
    version: aggregateVersion,
  }),
);
export type VerificationDecided = z.infer<typeof verificationDecided.schema>;
