import { useToast } from '@krom/ui-kit/toast-store.ts';
import type { UseMutationResult } from '@tanstack/react-query';
import { SettingsCard } from './settings-card.tsx';
import { ToggleRow } from './toggle-row.tsx';

export type SettingToggle<Settings> = { key: keyof Settings & string; label: string; description: string };

/**
 * A settings card of on/off switches, each saved on its own with the whole set (settings not
 * shown stay as saved). `savedText` is the toast's line after a save.
 */
export function ToggleSettingsCard<Settings extends Record<keyof Settings, boolean>>({
  title,
  description,
  toggles,
  saved,
  update,
  savedText,
}: {
  title: string;
  description: string;
  toggles: SettingToggle<Settings>[];
  saved: Settings;
  update: UseMutationResult<unknown, Error, Settings>;
  savedText: string;
}) {
  const { toast, toastFailure } = useToast();
  // While a save is on its way the switch shows what was asked for; a failure puts it back.
  const shown = update.isPending && update.variables ? update.variables : saved;

  const onToggle = (key: keyof Settings, checked: boolean) =>
    update.mutate(
      { ...saved, [key]: checked },
      {
        onSuccess: () => toast({ title: 'Settings Updated', description: savedText }),
        onError: toastFailure('Error', 'Failed to update settings. Please try again.'),
      },
    );

  return (
    <SettingsCard title={title} description={description}>
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
