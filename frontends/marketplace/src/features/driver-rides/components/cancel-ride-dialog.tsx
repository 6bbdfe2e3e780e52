import { Button } from '@krom/ui-kit/button.tsx';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

/**
 * Asks before a ride is cancelled (it cannot be undone). "Keep Ride" has the focus, so a stray
 * Enter keeps the ride; Escape or the overlay keep it too.
 */
export function CancelRideDialog({
  route,
  when,
  pending,
  onConfirm,
  onClose,
}: {
  route: string;
  when: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const keepButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    keepButton.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !pending) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pending, onClose]);

  return (
    <>
      <Overlay aria-hidden="true" onClick={pending ? undefined : onClose} />
      <Dialog role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId}>Cancel this ride?</h2>
        <p id={textId}>
          {route}, {when}. Passengers will no longer find it, and this cannot be undone.
        </p>
        <Actions>
          <Button ref={keepButton} $variant="secondary" disabled={pending} onClick={onClose}>
            Keep Ride
          </Button>
          <Button $variant="danger" disabled={pending} onClick={onConfirm}>
            {pending ? 'Cancelling...' : 'Cancel Ride'}
          </Button>
        </Actions>
      </Dialog>
    </>
  );
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.overlay};
  background: ${({ theme }) => theme.color.overlay};
`;

const Dialog = styled.div`
  position: fixed;
  left: 16px;
  right: 16px;
  top: 50%;
  z-index: ${({ theme }) => theme.layer.panel};
  display: grid;
  gap: 12px;
  max-width: 420px;
  margin: 0 auto;
  padding: 20px;
  transform: translateY(-50%);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.color.muted}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`;
