import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import {
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastRecord,
  useToast,
  useToasts,
} from './toast-store.ts';

/**
 * The one place toasts appear. F8 moves keyboard focus into the toast list so a keyboard or
 * screen-reader user can reach the message and its close button.
 */
export function Toaster() {
  const toasts = useToasts();
  const { dismiss } = useToast();
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY) {
        event.preventDefault();
        listRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const visible = toasts.filter((toast) => toast.open);
  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <Viewport ref={listRef} tabIndex={-1}>
        {visible.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </Viewport>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastRecord; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(toast.duration);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  // Counts down only while the person is not reading (hovering, focusing or swiping) the toast,
  // and resumes with the time that was left.
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissRef.current(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused]);

  const endSwipe = (clientX: number | null) => {
    const distance = swipeStart.current === null || clientX === null ? 0 : clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= TOAST_SWIPE_THRESHOLD_PX) {
      onDismiss();
      return;
    }
    setOffset(0);
    setPaused(false);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    setPaused(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const destructive = toast.variant === 'destructive';
  return (
    <Item
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      $destructive={destructive}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - Math.abs(offset) / 200) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => swipeStart.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
      }}
      onPointerUp={(event) => endSwipe(event.clientX)}
      onPointerCancel={() => endSwipe(null)}
    >
      <Text>
        {toast.title ? <Title>{toast.title}</Title> : null}
        {toast.description ? <Description>{toast.description}</Description> : null}
      </Text>
      <Close type="button" aria-label="Close" onClick={onDismiss} $destructive={destructive}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </Close>
    </Item>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
`;

/**
 * On a phone, just under the header (at its top a toast covered the header's menu and bell, at
 * its bottom a form's submit button and the fields above it on a 360 px screen) and compact, its
 * text two lines at most. On a wide screen, bottom right.
 */
const Viewport = styled.ol`
  position: fixed;
  z-index: ${({ theme }) => theme.layer.toast};
  left: 0;
  right: 0;
  top: 60px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 8px 12px;
  list-style: none;
  pointer-events: none;
  outline: none;

  ${({ theme }) => theme.media.md} {
    top: auto;
    bottom: 0;
    left: auto;
    width: 420px;
    padding: 20px;
  }
`;

const Item = styled.li<{ $destructive: boolean }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 10px 8px 10px 14px;
  ${({ theme }) => theme.media.md} {
    padding: 14px 12px 14px 16px;
  }
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  touch-action: pan-y;
  user-select: none;
  ${({ $destructive, theme }) =>
    $destructive
      ? css`
          background: ${theme.color.danger};
          color: ${theme.color.onDanger};
        `
      : css`
          background: ${theme.color.background};
          color: ${theme.color.text};
          border: 1px solid ${theme.color.border};
        `}

  @media (prefers-reduced-motion: no-preference) {
    animation: ${slideIn} 180ms ease-out;
  }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 2px;
`;

const Title = styled.p`
  font-weight: 600;
`;

const Description = styled.p`
  font-size: 0.9375rem;
  opacity: 0.92;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;

  ${({ theme }) => theme.media.md} {
    display: block;
  }
`;

const Close = styled.button<{ $destructive: boolean }>`
  flex: none;
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: ${({ $destructive }) => ($destructive ? 'rgba(255,255,255,0.16)' : 'rgba(0,0,0,0.06)')}; }
`;
