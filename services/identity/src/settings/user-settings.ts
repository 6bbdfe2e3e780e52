import { userNotificationSettings } from '@krom/contracts/events/identity';
import {
  defaultNotificationSettings,
  defaultPrivacySettings,
  type NotificationSettings,
  type PrivacySettings,
  type UserSettings,
} from '@krom/contracts/http/auth';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { eq, sql } from 'drizzle-orm';
import { findLiveUser } from '../accounts/find-user.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import { users, userSettings } from '../db/schema.ts';
import { nextUserVersion } from '../accounts/user-version.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';

type SettingsRow = typeof userSettings.$inferSelect;

function toSettings(row: SettingsRow | undefined): UserSettings {
  if (!row) return { notifications: { ...defaultNotificationSettings }, privacy: { ...defaultPrivacySettings } };
  return {
    notifications: {
      emailNotifications: row.emailNotifications,
      smsNotifications: row.smsNotifications,
      pushNotifications: row.pushNotifications,
      rideReminders: row.rideReminders,
      promotionalEmails: row.promotionalEmails,
    },
    privacy: {
      showPhoneToDrivers: row.showPhoneToDrivers,
      showProfileToOthers: row.showProfileToOthers,
      shareLocationData: row.shareLocationData,
    },
  };
}

/** The user's toggles; an account without a settings row has the spec's defaults. */
export async function readSettings(db: IdentityDb, userId: string): Promise<UserSettings> {
  await findLiveUser(db, userId);
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return toSettings(row);
}

/**
 * Tells other services the member's SMS and ride reminder choices (notifications skips notice SMS,
 * or the departure reminder, when off), in the transaction that saved `row`, at the row's version.
 */
export async function recordNotificationSettings(tx: Transaction, row: SettingsRow): Promise<void> {
  await recordEvent(tx, userNotificationSettings, {
    userId: row.userId,
    smsNotifications: row.smsNotifications,
    rideReminders: row.rideReminders,
    changedAt: row.updatedAt.toISOString(),
    version: row.version,
  });
}

/** The toggles another service acts on: a save that sends one of them tells it. */
const toldToggles = ['smsNotifications', 'rideReminders'] as const;
/** The privacy toggles rides applies, sent in the user's snapshot. */
const sharedToggles = ['showPhoneToDrivers', 'showProfileToOthers'] as const;

/**
 * Saves the toggles sent (the others keep their value) and answers every setting. A save that
 * sends the SMS or ride reminder toggle publishes `user.notification_settings` in the same transaction.
 */
export async function saveSettings(
  db: IdentityDb,
  userId: string,
  changes: Partial<NotificationSettings> | Partial<PrivacySettings>,
): Promise<UserSettings> {
  await findLiveUser(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userSettings)
      .values({ userId, ...changes })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { ...changes, updatedAt: new Date(), version: sql`${userSettings.version} + 1` },
      })
      .returning();
    if (!row) throw new Error('settings upsert returned no row');
    if (toldToggles.some((toggle) => toggle in changes)) await recordNotificationSettings(tx, row);
    // Rides applies the phone and profile toggles: they travel in the account's snapshot, at its next version.
    if (sharedToggles.some((toggle) => toggle in changes)) {
      const [user] = await tx.update(users).set({ updatedAt: new Date(), version: nextUserVersion() }).where(eq(users.id, userId)).returning();
      if (user) await recordUserSnapshot(tx, user);
    }
    return toSettings(row);
  });
}
