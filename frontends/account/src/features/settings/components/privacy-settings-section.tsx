import type { PrivacySettings } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useUpdatePrivacySettings } from '../api/update-privacy-settings.ts';
import { SettingsCard } from './settings-card.tsx';
import { ToggleRow } from './toggle-row.tsx';

/** The two toggles the spec shows; location sharing stays as saved (it is sent, not shown). */
const toggles: { key: keyof PrivacySettings; label: string; description: string }[] = [
  { key: 'showPhoneToDrivers', label: 'Show Phone to Drivers', description: 'Drivers of rides you book can see your phone number' },
  { key: 'showProfileToOthers', label: 'Show Profile to Others', description: 'Other members can see your profile and ratings' },
];

export function PrivacySettingsSection({ saved }: { saved: PrivacySettings }) {
  const { toast } = useToast();
  const update = useUpdatePrivacySettings();
  const shown = update.isPending && update.variables ? update.variables : saved;

  const onToggle = (key: keyof PrivacySettings, checked: boolean) =>
    update.mutate(
      { ...saved, [key]: checked },
      {
        onSuccess: () => toast({ title: 'Settings Updated', description: 'Your privacy settings have been saved.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: failureText(error, 'Failed to update settings. Please try again.') }),
      },
    );

  return (
    <SettingsCard title="Privacy" description="Decide what other members can see.">
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
