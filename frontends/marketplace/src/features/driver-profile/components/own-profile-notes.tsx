import type { User } from '@krom/contracts/http/auth';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import styled from 'styled-components';

/**
 * What only the driver sees on their own profile: that this is the public view, and their
 * emergency contact. The contact is changed in the edit view (/edit-profile), where the account keeps it, not here twice.
 */
export function OwnProfileNotes({ user }: { user: User }) {
  const contact = user.emergencyContactName && user.emergencyContactPhone;
  return (
    <Card aria-label="Only you can see this">
      <p>This is how passengers see your driver profile.</p>
      <div>
        <h2>Emergency contact</h2>
        {contact ? (
          <p>
            {user.emergencyContactName} · {user.emergencyContactPhone}
          </p>
        ) : (
          <p>Not added yet</p>
        )}
        <Note>We'll only use this contact in case of emergencies.</Note>
      </div>
      {screenExists('/edit-profile') ? (
        <ButtonLink to="/edit-profile" $variant="secondary">
          Edit Profile
        </ButtonLink>
      ) : null}
    </Card>
  );
}

const Card = styled.section`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 14px;
  border: 1px dashed ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};

  > div { display: grid; gap: 2px; }
  h2 { font-size: 1rem; }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
