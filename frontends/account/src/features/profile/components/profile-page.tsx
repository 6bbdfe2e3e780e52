import type { User } from '@krom/contracts/http/auth';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { AvatarUpload } from './avatar-upload.tsx';
import { ProfileForm } from './profile-form.tsx';
import { VerificationStatusCard } from './verification-status-card.tsx';

/** /profile: names, photo, emergency contact and verification (the own profile at a glance is /my-profile). */
export function ProfilePage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <ProfileScreen user={user} />
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function ProfileScreen({ user }: { user: User }) {
  return (
    <Column>
      <h1>My Profile</h1>
      <AvatarUpload user={user} />
      <ProfileForm
        user={user}
        beforeActions={
          <Stack $gap={12}>
            <VerificationStatusCard status={user.verificationStatus} />
            {/* Shown once the user has sent driver details: a passenger-only account never sees it. */}
            {user.driverVerificationStatus !== 'not_submitted' ? (
              <VerificationStatusCard kind="driver" status={user.driverVerificationStatus} />
            ) : null}
          </Stack>
        }
      />
    </Column>
  );
}

const Column = styled.div`
  display: grid;
  gap: 24px;
  max-width: 720px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; }
`;

