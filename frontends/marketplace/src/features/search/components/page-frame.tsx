import { Container } from '@krom/ui-kit/container.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import { lazy, type ReactNode, Suspense } from 'react';
import styled from 'styled-components';

/**
 * The signed-in frame (menu, bell, notification stream) is a chunk of its own, so a guest opening
 * a search from a shared link never downloads it. See signed-in-page-frame.tsx.
 */
const SignedInPageFrame = lazy(() => import('./signed-in-page-frame.tsx').then((m) => ({ default: m.SignedInPageFrame })));

/**
 * The frame of the search screens, which guests and signed-in users both see. The page shows at
 * once in the guest frame (it does not wait for GET /api/auth/user); a signed-in user's frame
 * takes its place when the answer comes. Both frames have the same header height, so nothing moves.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const guestFrame = (
    <>
      <LogoHeader />
      <Main as="main">{children}</Main>
    </>
  );
  if (!user) return guestFrame;
  return (
    <Suspense fallback={guestFrame}>
      <SignedInPageFrame user={user}>{children}</SignedInPageFrame>
    </Suspense>
  );
}

/** The same spacing as the signed-in frame's main column. */
const Main = styled(Container)`
  padding-top: 20px;
  padding-bottom: 48px;

  ${({ theme }) => theme.media.md} {
    padding-top: 32px;
  }
`;
