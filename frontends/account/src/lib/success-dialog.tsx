import { Button } from '@krom/ui-kit/button.tsx';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

type SuccessDialogProps = {
  title: string;
  /** A line under the title (the review time after a verification). */
  note?: string;
  /** The one way out: its label and where it leads. */
  action: { label: string; to: string };
};

/**
 * The spec's success modals (a saved password, a submitted verification): a tick, the title and
 * one button, focused at once, with the page behind held still until the user leaves.
 */
export function SuccessDialog({ title, note, action }: SuccessDialogProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const noteId = useId();
  const continueButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    continueButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  return (
    <Overlay>
      <Dialog role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={note ? noteId : undefined}>
        <IconDisc $size={64} $strokeWidth={2.4} aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </IconDisc>
        <h2 id={titleId}>{title}</h2>
        {note ? <p id={noteId}>{note}</p> : null}
        <Button ref={continueButton} $block $size="lg" onClick={() => navigate(action.to, { replace: true })}>
          {action.label}
        </Button>
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
  gap: 16px;
  width: 100%;
  max-width: 380px;
  padding: 28px 20px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  text-align: center;

  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;
