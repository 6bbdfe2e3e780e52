import {
  defaultNotificationSettings,
  defaultPrivacySettings,
  type NotificationSettings,
  type PrivacySettings,
  type UserSettings,
} from '@krom/contracts/http/auth';
import { eq } from 'drizzle-orm';
import { findLiveUser } from '../accounts/find-user.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import { userSettings } from '../db/schema.ts';

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

/** Saves the toggles sent (the others keep their value) and answers every setting. */
export async function saveSettings(
  db: IdentityDb,
  userId: string,
  changes: Partial<NotificationSettings> | Partial<PrivacySettings>,
): Promise<UserSettings> {
  await findLiveUser(db, userId);
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return toSettings(row);
}
