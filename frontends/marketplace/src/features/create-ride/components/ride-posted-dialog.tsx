import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { wizardTexts } from '../wizard-texts.ts';

/**
 * The spec's success modal after posting: a tick, its sentence, and the two ways on (the ride as
 * passengers see it, or the driver's rides). The first is focused at once; the page behind is
 * held still until the user leaves.
 */
export function RidePostedDialog({ rideId }: { rideId: string }) {
  const titleId = useId();
  const viewLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    viewLink.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  // Tab goes round the dialog's two links, never to the page behind.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')];
    const first = links[0];
    const last = links.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Overlay>
      <Dialog role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <IconDisc $size={64} $strokeWidth={2.4} aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </IconDisc>
        <h2 id={titleId}>{wizardTexts.posted}</h2>
        <ButtonLink ref={viewLink} to={`/ride-preview/${rideId}`} replace $block $size="lg">
          {wizardTexts.viewRide}
        </ButtonLink>
        <ButtonLink to="/rides/as-driver" replace $block $variant="secondary">
          {wizardTexts.myRides}
        </ButtonLink>
      </Dialog>
    </Overlay>
  );
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.overlay};
  display: grid;
  place-items: center;
  padding: 16px;
  background: ${({ theme }) => theme.color.overlay};
`;

const Dialog = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  width: 100%;
  max-width: 380px;
  padding: 28px 20px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  text-align: center;

  h2 { font-size: 1.25rem; margin-bottom: 8px; }
`;
