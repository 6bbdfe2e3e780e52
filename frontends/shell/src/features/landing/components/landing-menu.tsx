import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { IconButton } from '@krom/ui-kit/button.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled, { createGlobalStyle, keyframes } from 'styled-components';
import { closeMenuAroundLink, LANDING_MENU_ID } from '../landing-menu-links.ts';
import { landingAnchors } from './landing-anchors.ts';

/**
 * The phone menu as native HTML (a popover): the button opens it, the close button, a tap beside
 * it and Escape close it, and the browser hands focus back, with or without a script, so the
 * landing served as HTML alone (web server, static pages) has a working menu, and the app renders
 * the very same elements.
 */
export function LandingMenu() {
  return (
    <>
      <MenuButton popoverTarget={LANDING_MENU_ID} aria-label="Open menu">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </MenuButton>
      <NoScrollBehindMenu />
      <Panel id={LANDING_MENU_ID} popover="auto" role="dialog" aria-label="Menu">
        <CloseButton popoverTarget={LANDING_MENU_ID} popoverTargetAction="hide" aria-label="Close menu">
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </CloseButton>
        <MenuList aria-label="Sections">
          {landingAnchors.map((anchor) => (
            <MenuAnchor key={anchor.id} href={`#${anchor.id}`} onClick={(event) => closeMenuAroundLink(event.currentTarget)}>
              {anchor.label}
            </MenuAnchor>
          ))}
        </MenuList>
        <Stack $gap={12}>
          <ButtonLink to="/login" $variant="secondary" $block>
            Log in
          </ButtonLink>
          <ButtonLink to="/create-account" $block>
            Get Started
          </ButtonLink>
        </Stack>
      </Panel>
    </>
  );
}

const MenuButton = styled(IconButton)`
  margin-right: -8px;

  /* Where popovers are unknown the menu cannot open: no button that does nothing. */
  @supports not selector(:popover-open) {
    display: none;
  }

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

/** The page behind the open menu stays put, as under the kit's SlideInPanel. */
const NoScrollBehindMenu = createGlobalStyle`
  body:has(#${LANDING_MENU_ID}:popover-open) {
    overflow: hidden;
  }
`;

const fadeIn = keyframes`from { opacity: 0; }`;
const slideIn = keyframes`from { transform: translateX(100%); }`;

/**
 * The kit's SlideInPanel look. Hidden unless open, also where popovers are unknown (the menu is
 * then not offered; Log in stays beside its button and every section is on the page).
 */
const Panel = styled.div`
  display: none;
  position: fixed;
  inset: 0 0 0 auto;
  width: min(84vw, 320px);
  height: auto;
  max-height: none;
  margin: 0;
  border: 0;
  padding: 16px 20px 24px;
  overflow-y: auto;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  &:popover-open {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  &::backdrop {
    background: ${({ theme }) => theme.color.overlay};
  }

  @media (prefers-reduced-motion: no-preference) {
    &:popover-open {
      animation: ${slideIn} 200ms ease-out;
    }
    &::backdrop {
      animation: ${fadeIn} 160ms ease-out;
    }
  }
`;

const CloseButton = styled(IconButton)`
  align-self: flex-end;
  &:hover { background: ${({ theme }) => theme.color.surface}; }
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
