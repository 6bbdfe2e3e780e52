import type { User } from '@krom/contracts/http/auth';
import { Container } from '@krom/ui-kit/container.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A page open to guests: under the logo header for them, in the signed-in frame and menu for a member (`viewer`). */
export function PublicPage({ children }: { children: (viewer: User | null) => ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner fullPage />;
  if (!user) {
    return (
      <>
        <LogoHeader login />
        <Main as="main">{children(null)}</Main>
      </>
    );
  }
  return <SignedInFrame user={user}>{children(user)}</SignedInFrame>;
}

const Main = styled(Container)`
  padding-top: 20px;
  padding-bottom: 48px;
`;
