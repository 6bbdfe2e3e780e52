import { Button } from '@krom/ui-kit/button.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import styled from 'styled-components';
import { useUserSettings } from '../api/get-user-settings.ts';
import { BlockedMembersSection } from './blocked-members-section.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DangerZoneSection } from './danger-zone-section.tsx';
import { DataDownloadSection } from './data-download-section.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';
import { PrivacySettingsSection } from './privacy-settings-section.tsx';
import { SettingsCard } from './settings-card.tsx';

/** /account-settings: Security, Notifications, Privacy, Blocked members, Download your data, Danger Zone. Signed-out visitors go to /login. */
export function AccountSettingsPage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <h1>Account Settings</h1>
            <ChangePasswordForm />
            <SavedToggles />
            <BlockedMembersSection />
            <DataDownloadSection />
            <DangerZoneSection />
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

/** The toggles show what the server has saved, so they wait for it rather than guess. */
function SavedToggles() {
  const settings = useUserSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) {
    return (
      <SettingsCard title="Notifications and Privacy">
        <p role="alert">Your notification and privacy settings could not be loaded.</p>
        <div>
          <Button $variant="secondary" onClick={() => settings.refetch()}>
            Try again
          </Button>
        </div>
      </SettingsCard>
    );
  }
  return (
    <>
      <NotificationSettingsSection saved={settings.data.notifications} />
      <PrivacySettingsSection saved={settings.data.privacy} />
    </>
  );
}

const Column = styled.div`
  display: grid;
  gap: 20px;
  max-width: 720px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; }
`;
