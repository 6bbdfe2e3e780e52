import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import styled, { css } from 'styled-components';
import { IconDisc } from './line-icon.tsx';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalDialogProps = {
  /** `alertdialog` for a question that needs an answer before something cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the dialog's title, its accessible name. */
  labelledBy: string;
  describedBy?: string | undefined;
  /** What has the focus when the dialog opens (else the first control in it). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape closes the dialog with this; none (a dialog left only by its actions, or a request in flight) and Escape does nothing. */
  onClose?: (() => void) | undefined;
  /** A tap on the overlay closes the dialog too (with `onClose`). */
  closeOnOverlay?: boolean;
  /** 'card' is centred on every screen; 'sheet' fills a phone's screen (room for a keyboard and a list) and is a card on wider ones. */
  layout?: 'card' | 'sheet';
  /** Styles the panel (`styled(ModalDialog)`). */
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog over the page: an overlay and a labelled panel (`aria-modal`). While it is open
 * the page behind is held still, Tab stays inside, and Escape closes it (given `onClose`); focus
 * moves in when it opens and goes back to where it was when it closes.
 */
export function ModalDialog({
  role = 'dialog',
  labelledBy,
  describedBy,
  initialFocus,
  onClose,
  closeOnOverlay = false,
  layout = 'card',
  className,
  children,
}: ModalDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the dialog opens and once when it closes
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    (initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>(focusableSelector))?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (!onClose) return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <Overlay aria-hidden="true" onClick={closeOnOverlay ? onClose : undefined} />
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        // A click on the panel's text keeps the focus (and so Escape) in the dialog.
        tabIndex={-1}
        $layout={layout}
        className={className}
        onKeyDown={onKeyDown}
      >
        {children}
      </Panel>
    </>
  );
}

/**
 * The spec's success modal: a tick, the title, an optional note under it and the ways on
 * (`children`); `initialFocus` is the way on that has the focus at once. It has no close: the user
 * leaves by one of its actions.
 */
export function SuccessModal({
  title,
  note,
  initialFocus,
  children,
}: {
  title: string;
  note?: string | undefined;
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  const noteId = useId();
  return (
    <Success labelledBy={titleId} describedBy={note ? noteId : undefined} initialFocus={initialFocus}>
      <IconDisc $size={64} $strokeWidth={2.4} aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </IconDisc>
      <h2 id={titleId}>{title}</h2>
      {note ? <p id={noteId}>{note}</p> : null}
      {children}
    </Success>
  );
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.overlay};
  background: ${({ theme }) => theme.color.overlay};
`;

const card = css`
  top: 50%;
  left: 16px;
  right: 16px;
  transform: translateY(-50%);
  display: grid;
  gap: 12px;
  max-width: 400px;
  max-height: calc(100% - 32px);
  margin: 0 auto;
  padding: 24px 20px 20px;
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.color.muted}; overflow-wrap: anywhere; }
`;

const sheet = css`
  inset: 0;
  display: flex;
  flex-direction: column;

  ${({ theme }) => theme.media.md} {
    inset: 10vh auto auto 50%;
    transform: translateX(-50%);
    width: min(520px, calc(100vw - 48px));
    max-height: 80vh;
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.raised};
  }
`;

const Panel = styled.div<{ $layout: 'card' | 'sheet' }>`
  position: fixed;
  z-index: ${({ theme }) => theme.layer.panel};
  background: ${({ theme }) => theme.color.background};
  outline: none;
  ${({ $layout }) => ($layout === 'sheet' ? sheet : card)}
`;

const Success = styled(ModalDialog)`
  justify-items: center;
  gap: 16px;
  max-width: 380px;
  padding-top: 28px;
  text-align: center;
`;
