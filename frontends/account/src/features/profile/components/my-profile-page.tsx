import type { User } from '@krom/contracts/http/auth';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { EmergencyContactCard } from './emergency-contact-card.tsx';

const memberSince = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Africa/Accra' });

/**
 * /my-profile: the member's own profile at a glance (photo, name, verification, member since) and
 * the spec's edit view of the emergency contact; /edit-profile is the same screen with that view
 * open for editing. Names and photo are changed on /profile, the driver profile is /driver-profile.
 */
export function MyProfilePage() {
  const editing = useLocation().pathname === '/edit-profile';
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <MyProfile user={user} editing={editing} />
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function MyProfile({ user, editing }: { user: User; editing: boolean }) {
  const name = `${user.firstName} ${user.lastName}`;
  const driver = user.isDriver || user.driverVerificationStatus === 'approved';
  return (
    <Column>
      <Identity>
        <Avatar name={name} photoUrl={user.profileImageUrl} size={88} />
        <div>
          <h1>{name}</h1>
          <Cluster as="p" $gap={6}>
            <StatusBadge tone={user.isVerified ? 'success' : 'neutral'} size="md">
              {user.isVerified ? '✓ ID verified' : 'ID not verified'}
            </StatusBadge>
            {driver ? (
              <StatusBadge tone={user.driverVerificationStatus === 'approved' ? 'success' : 'neutral'} size="md">
                {user.driverVerificationStatus === 'approved' ? '✓ Driver verified' : 'Driver not verified'}
              </StatusBadge>
            ) : null}
          </Cluster>
          <Muted>Member since {memberSince.format(new Date(user.createdAt))}</Muted>
        </div>
      </Identity>
      <Links>
        {screenExists('/profile') ? (
          <ButtonLink to="/profile" $variant="secondary">
            Edit Profile
          </ButtonLink>
        ) : null}
        {driver && screenExists('/driver-profile') ? (
          <ButtonLink to="/driver-profile" $variant="secondary">
            View Driver Profile
          </ButtonLink>
        ) : null}
        {screenExists('/edit-profile-stats') ? (
          <ButtonLink to="/edit-profile-stats" $variant="secondary">
            Profile Stats
          </ButtonLink>
        ) : null}
      </Links>
      {/* Keyed by the path: moving between /my-profile and /edit-profile opens or closes the view. */}
      <EmergencyContactCard key={editing ? 'edit' : 'view'} user={user} startEditing={editing} />
    </Column>
  );
}

const Column = styled.div`
  display: grid;
  gap: 24px;
  max-width: 720px;
  margin: 0 auto;
`;

const Identity = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;

  > div { display: grid; gap: 8px; min-width: 0; }
  h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;
