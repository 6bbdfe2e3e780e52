import type { User } from '@krom/contracts/http/auth';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from './container.tsx';
import { HeaderBar } from './header-bar.tsx';
import { Logo } from './logo.tsx';
import { Avatar } from './avatar.tsx';
import { SignedInMenu } from './signed-in-frame-menu.tsx';
import { useNotifications, useNotificationStream } from './signed-in-frame-notifications.tsx';
import { useUnreadMessageCount } from './signed-in-frame-messages.ts';
import { screenExists } from './declared-screens.ts';

/**
 * The frame of every signed-in page (spec "Signed-in frame"): logo to /dashboard, Messages and a
 * bell to /notifications, each with its unread count kept live by the notification stream, and the
 * avatar button opening the side menu. The notifications page's menu omits My Vehicles, as specified.
 */
export function SignedInFrame({
  user,
  children,
  showVehicles = true,
}: {
  user: User;
  children: ReactNode;
  showVehicles?: boolean;
}) {
  return (
    <>
      <SignedInHeader user={user} showVehicles={showVehicles} />
      <Main as="main">{children}</Main>
    </>
  );
}

/**
 * The signed-in frame's header, side menu and notification stream, without the main column: for
 * a page guests see too, which renders this in place of the guest header once the user is known
 * and keeps its own content where it was, so nothing the visitor began typing is lost.
 */
export function SignedInHeader({ user, showVehicles = true }: { user: User; showVehicles?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useNotificationStream();
  const unread = useNotifications().data?.unreadCount ?? 0;
  const unreadMessages = useUnreadMessageCount();

  return (
    <>
      <HeaderBar
        start={
          <LogoLink to="/dashboard" aria-label="Krom home">
            <Logo />
          </LogoLink>
        }
        end={
          <>
            {screenExists('/messages') ? (
              <CountedLink
                to="/messages"
                name="Messages"
                count={unreadMessages}
                icon="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4V5.5z"
              />
            ) : null}
            <CountedLink to="/notifications" name="Notifications" count={unread} icon="M6 9a6 6 0 1 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9zm4 9.5a2 2 0 0 0 4 0" />
            <AvatarButton type="button" aria-label="Open account menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
              <Avatar name={`${user.firstName} ${user.lastName}`} photoUrl={user.profileImageUrl} size={40} />
            </AvatarButton>
          </>
        }
      />
      <SignedInMenu user={user} open={menuOpen} onClose={closeMenu} showVehicles={showVehicles} unreadMessages={unreadMessages} />
    </>
  );
}

const LogoLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Bell = styled(Link)`
  position: relative;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;

const Count = styled.span`
  position: absolute;
  top: 4px;
  right: 2px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid ${({ theme }) => theme.color.background};
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.onDanger};
  font-size: 0.6875rem;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
`;

const AvatarButton = styled.button`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  margin-right: -4px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
`;

const Main = styled(Container)`
  padding-top: 20px;
  padding-bottom: 48px;

  ${({ theme }) => theme.media.md} {
    padding-top: 32px;
  }
`;

/** A header icon link with its unread count: "Name, N unread" to a screen reader, a badge to the eye. */
function CountedLink({ to, name, count, icon }: { to: string; name: string; count: number; icon: string }) {
  return (
    <Bell to={to} aria-label={count > 0 ? `${name}, ${count} unread` : name}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 ? <Count aria-hidden="true">{count > 99 ? '99+' : count}</Count> : null}
    </Bell>
  );
}
