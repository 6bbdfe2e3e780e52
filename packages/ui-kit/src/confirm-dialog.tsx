import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { useId, useRef } from 'react';
import styled from 'styled-components';

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The safe answer: it has the focus first, so a stray Enter takes it. */
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A tap on the overlay is the safe answer too. */
  closeOnOverlay?: boolean;
  /** `danger` for what destroys (the default), `primary` for a decision that is not (approving). */
  confirmVariant?: 'danger' | 'primary';
};

/**
 * A question that needs an answer before something cannot be undone (an `alertdialog`, deleting a
 * vehicle, cancelling a ride, approving a verification): the safe answer has the focus first, Tab stays inside, Escape
 * gives the safe answer, and focus goes back to where it was when the dialog closes. While the
 * answer is being carried out nothing closes it.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending,
  onConfirm,
  onCancel,
  closeOnOverlay = false,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={cancelButton}
      onClose={pending ? undefined : onCancel}
      closeOnOverlay={closeOnOverlay}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <Actions>
        <Button ref={cancelButton} $variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button $variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Actions>
    </ModalDialog>
  );
}

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  margin-top: 8px;
`;
