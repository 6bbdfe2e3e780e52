import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import type { KromTheme } from './theme.ts';

/** success: done well; danger: failed or refused; warning: waiting on someone; info: worth a look; neutral: nothing to act on. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<StatusTone, (color: KromTheme['color']) => { ink: string; soft: string }> = {
  neutral: (color) => ({ ink: color.muted, soft: color.neutralSoft }),
  info: (color) => ({ ink: color.focus, soft: color.infoSoft }),
  success: (color) => ({ ink: color.primary, soft: color.primarySoft }),
  warning: (color) => ({ ink: color.warning, soft: color.warningSoft }),
  danger: (color) => ({ ink: color.danger, soft: color.dangerSoft }),
};

export type StatusBadgeProps = Omit<ComponentPropsWithoutRef<'span'>, 'children'> & {
  tone?: StatusTone | undefined;
  /** `md` for a badge beside a page's heading; `sm` in lists and cards. */
  size?: 'sm' | 'md' | undefined;
  /** A small drawing before the word; decorative, so it is hidden from screen readers. */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A status in a word on a tinted pill (a ride's, a payment's, a submission's). The word always
 * carries the meaning; the colour only helps the eye.
 */
export function StatusBadge({ tone = 'neutral', size = 'sm', icon, children, ...spanProps }: StatusBadgeProps) {
  return (
    <Badge {...spanProps} $tone={tone} $size={size} data-tone={tone}>
      {icon ? <Icon aria-hidden="true">{icon}</Icon> : null}
      {children}
    </Badge>
  );
}

const Badge = styled.span<{ $tone: StatusTone; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: ${({ $size }) => ($size === 'md' ? '2px 10px' : '2px 8px')};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $tone, theme }) => tones[$tone](theme.color).soft};
  color: ${({ $tone, theme }) => tones[$tone](theme.color).ink};
  font-size: ${({ $size }) => ($size === 'md' ? '0.8125rem' : '0.75rem')};
  font-weight: 700;
  line-height: 1.5;
  white-space: nowrap;
`;

const Icon = styled.span`
  display: inline-flex;
  margin-left: -2px;

  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 2.2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;
