import { Container } from '@krom/ui-kit/container.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import { lazy, type ReactNode, Suspense } from 'react';
import styled from 'styled-components';

/**
 * The signed-in header (menu, bell, notification stream) is a chunk of its own, so a guest opening
 * a search or a ride from a shared link never downloads it. See signed-in-header.tsx.
 */
const SignedInHeader = lazy(() => import('./signed-in-header.tsx').then((m) => ({ default: m.SignedInHeader })));

/**
 * The frame of the screens guests and signed-in users both see (search, listing, ride preview).
 * The page shows at once under the guest header (it does not wait for GET /api/auth/user); the
 * signed-in header takes its place when the answer comes. Only the header changes: the page's
 * content stays mounted where it is, so a place being typed or a dialog already open is kept.
 * Both headers have the same height, so nothing moves.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      {user ? (
        <Suspense fallback={<LogoHeader />}>
          <SignedInHeader user={user} />
        </Suspense>
      ) : (
        <LogoHeader login />
      )}
      <Main as="main">{children}</Main>
    </>
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
