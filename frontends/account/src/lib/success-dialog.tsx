import { Button } from '@krom/ui-kit/button.tsx';
import { SuccessModal } from '@krom/ui-kit/modal-dialog.tsx';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';

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
  const continueButton = useRef<HTMLButtonElement>(null);
  return (
    <SuccessModal title={title} note={note} initialFocus={continueButton}>
      <Button ref={continueButton} $block $size="lg" onClick={() => navigate(action.to, { replace: true })}>
        {action.label}
      </Button>
    </SuccessModal>
  );
}
