import { type ReactNode, useEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconButton } from './button.tsx';

/**
 * A side panel over the page (the signed-in side menu; the landing's phone menu has its look as a
 * native popover, so it works on the landing served without the app).
 * Closes on the close button, a tap on the overlay or Escape, and hands focus back afterwards.
 */
export function SlideInPanel({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <>
      <Overlay aria-hidden="true" onClick={onClose} />
      <Panel role="dialog" aria-modal="true" aria-label={label}>
        <CloseButton ref={closeRef} type="button" aria-label="Close menu" onClick={onClose}>
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </CloseButton>
        {children}
      </Panel>
    </>
  );
}

const fadeIn = keyframes`from { opacity: 0; }`;
const slideIn = keyframes`from { transform: translateX(100%); }`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.overlay};
  background: ${({ theme }) => theme.color.overlay};
  @media (prefers-reduced-motion: no-preference) {
    animation: ${fadeIn} 160ms ease-out;
  }
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.layer.panel};
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(84vw, 320px);
  padding: 16px 20px 24px;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  @media (prefers-reduced-motion: no-preference) {
    animation: ${slideIn} 200ms ease-out;
  }
`;

const CloseButton = styled(IconButton)`
  align-self: flex-end;
  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;
