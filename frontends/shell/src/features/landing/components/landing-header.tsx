import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { SlideInPanel } from '@krom/ui-kit/slide-in-panel.tsx';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { landingAnchors } from './landing-anchors.ts';

export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

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
          <MenuButton type="button" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </MenuButton>
          <SlideInPanel open={menuOpen} onClose={closeMenu} label="Menu">
            <MenuList aria-label="Sections">
              {landingAnchors.map((anchor) => (
                <MenuAnchor key={anchor.id} href={`#${anchor.id}`} onClick={closeMenu}>
                  {anchor.label}
                </MenuAnchor>
              ))}
            </MenuList>
            <Stack $gap={12}>
              <ButtonLink to="/login" onClick={closeMenu} $variant="secondary" $block>
                Log in
              </ButtonLink>
              <ButtonLink to="/create-account" onClick={closeMenu} $block>
                Get Started
              </ButtonLink>
            </Stack>
          </SlideInPanel>
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

const MenuButton = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  margin-right: -8px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  cursor: pointer;

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const MenuList = styled.nav`
  display: flex;
  flex-direction: column;
  margin: 8px 0 16px;
`;

const MenuAnchor = styled.a`
  padding: 14px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-size: 1.125rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
`;
