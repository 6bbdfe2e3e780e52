import type { PrivacySettings } from '@krom/contracts/http/auth';
import { useUpdatePrivacySettings } from '../api/update-privacy-settings.ts';
import { type SettingToggle, ToggleSettingsCard } from './toggle-settings-card.tsx';

/** The two toggles the spec shows; location sharing stays as saved (it is sent, not shown). */
const toggles: SettingToggle<PrivacySettings>[] = [
  { key: 'showPhoneToDrivers', label: 'Show Phone to Drivers', description: 'Drivers of rides you book can see your phone number' },
  { key: 'showProfileToOthers', label: 'Show Profile to Others', description: 'Other members can see your profile and ratings' },
];

export function PrivacySettingsSection({ saved }: { saved: PrivacySettings }) {
  return (
    <ToggleSettingsCard
      title="Privacy"
      description="Decide what other members can see."
      toggles={toggles}
      saved={saved}
      update={useUpdatePrivacySettings()}
      savedText="Your privacy settings have been saved."
    />
  );
}
