import type { NotificationSettings } from '@krom/contracts/http/auth';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { type SettingToggle, ToggleSettingsCard } from './toggle-settings-card.tsx';

/** The four toggles the spec shows; push stays as saved (it is sent, not shown). */
const toggles: SettingToggle<NotificationSettings>[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Booking updates and receipts by email' },
  { key: 'smsNotifications', label: 'SMS Notifications', description: 'Booking confirmations and ride updates by text message' },
  { key: 'rideReminders', label: 'Ride Reminders', description: 'A reminder before each ride you booked or posted' },
  { key: 'promotionalEmails', label: 'Promotional Emails', description: 'News and offers from Krom' },
];

export function NotificationSettingsSection({ saved }: { saved: NotificationSettings }) {
  return (
    <ToggleSettingsCard
      title="Notifications"
      description="Choose how Krom keeps you informed."
      toggles={toggles}
      saved={saved}
      update={useUpdateNotificationSettings()}
      savedText="Your notification settings have been saved."
    />
  );
}
