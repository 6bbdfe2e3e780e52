import { Button } from '@krom/ui-kit/button.tsx';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A question that needs an answer before something cannot be undone (an `alertdialog`): the
 * safe answer has the focus first, Tab stays inside, Escape cancels, and focus goes back to
 * where it was when the dialog closes.
 */
export function ConfirmDialog({ title, message, confirmLabel, pendingLabel, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    cancelButton.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !pending) {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const first = buttons[0];
    const last = buttons.at(-1);
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
      <Dialog ref={dialog} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        <Actions>
          <Button ref={cancelButton} $variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button $variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </Actions>
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
  gap: 12px;
  width: 100%;
  max-width: 400px;
  padding: 24px 20px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.color.muted}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  margin-top: 8px;
`;
