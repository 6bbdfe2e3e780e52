import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { landingAnchors } from './landing-anchors.ts';
import { LandingMenu } from './landing-menu.tsx';

export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <HeaderBar
      start={
        <LogoLink to={signedIn ? '/dashboard' : '/'} aria-label="Krom home">
          <Logo />
        </LogoLink>
      }
      end={
        <>
          <WideNav aria-label="Main">
            <NavLink to="/create-ride">Post a Ride</NavLink>
            <NavLink to="/ride-listings">Find a Ride</NavLink>
            {landingAnchors.map((anchor) => (
              <NavAnchor key={anchor.id} href={`#${anchor.id}`}>
                {anchor.label}
              </NavAnchor>
            ))}
            <NavLink to="/login">Log in</NavLink>
            <GetStarted to="/create-account">Get Started</GetStarted>
          </WideNav>
          <LoginLink to="/login">Log in</LoginLink>
          <LandingMenu />
        </>
      }
    />
  );
}

const LogoLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const WideNav = styled.nav`
  display: none;

  ${({ theme }) => theme.media.lg} {
    display: flex;
    align-items: center;
    gap: 4px;
  }
`;

const navItem = `
  padding: 10px 12px;
  border-radius: 8px;
  font-weight: 500;
  text-decoration: none;
  white-space: nowrap;
`;

const NavLink = styled(Link)`
  ${navItem}
  color: ${({ theme }) => theme.color.text};
  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;

const NavAnchor = styled.a`
  ${navItem}
  color: ${({ theme }) => theme.color.muted};
  &:hover { background: ${({ theme }) => theme.color.surface}; color: ${({ theme }) => theme.color.text}; }
`;

const GetStarted = styled(ButtonLink)`
  margin-left: 8px;
`;

/** On a phone the Log in sits beside the menu button, visible without opening the menu. */
const LoginLink = styled(Link)`
  ${navItem}
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;
