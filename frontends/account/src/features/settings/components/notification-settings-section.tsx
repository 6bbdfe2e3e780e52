import type { NotificationSettings } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { SettingsCard } from './settings-card.tsx';
import { ToggleRow } from './toggle-row.tsx';

/** The four toggles the spec shows; push stays as saved (it is sent, not shown). */
const toggles: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Booking updates and receipts by email' },
  { key: 'smsNotifications', label: 'SMS Notifications', description: 'Booking confirmations and ride updates by text message' },
  { key: 'rideReminders', label: 'Ride Reminders', description: 'A reminder before each ride you booked or posted' },
  { key: 'promotionalEmails', label: 'Promotional Emails', description: 'News and offers from Krom' },
];

export function NotificationSettingsSection({ saved }: { saved: NotificationSettings }) {
  const { toast } = useToast();
  const update = useUpdateNotificationSettings();
  // While a save is on its way the switch shows what was asked for; a failure puts it back.
  const shown = update.isPending && update.variables ? update.variables : saved;

  const onToggle = (key: keyof NotificationSettings, checked: boolean) =>
    update.mutate(
      { ...saved, [key]: checked },
      {
        onSuccess: () => toast({ title: 'Settings Updated', description: 'Your notification settings have been saved.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: failureText(error, 'Failed to update settings. Please try again.') }),
      },
    );

  return (
    <SettingsCard title="Notifications" description="Choose how Krom keeps you informed.">
      <div>
        {toggles.map((toggle) => (
          <ToggleRow
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            checked={shown[toggle.key]}
            disabled={update.isPending}
            onChange={(checked) => onToggle(toggle.key, checked)}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
