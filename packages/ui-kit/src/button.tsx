import type { ComponentProps, ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonStyleProps = {
  $variant?: ButtonVariant;
  $size?: 'md' | 'lg';
  $block?: boolean;
};

/**
 * Shared by <Button> and by router links that must look like buttons
 * (`styled(Link)` with these styles), so the UI kit needs no router.
 */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ $size }) => ($size === 'lg' ? '52px' : '44px')};
  padding: 0 ${({ $size }) => ($size === 'lg' ? '24px' : '18px')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: 600;
  font-size: ${({ $size }) => ($size === 'lg' ? '1.0625rem' : '1rem')};
  text-decoration: none;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;
  -webkit-tap-highlight-color: transparent;

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.color.background};
          color: ${theme.color.primary};
          border-color: ${theme.color.primary};
          &:hover:not(:disabled) { background: ${theme.color.primarySoft}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.text};
          &:hover:not(:disabled) { background: ${theme.color.surface}; }
        `;
      case 'danger':
        return css`
          background: ${theme.color.danger};
          color: ${theme.color.onDanger};
        `;
      default:
        return css`
          background: ${theme.color.primary};
          color: ${theme.color.onPrimary};
          &:hover:not(:disabled) { background: ${theme.color.primaryHover}; }
        `;
    }
  }}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const Button = styled.button.attrs<ButtonStyleProps>(({ type }) => ({ type: type ?? 'button' }))`
  ${buttonStyles}
`;

/** A bare 44 px square around an icon (close, show password): big enough for a thumb, no chrome. */
export const IconButton = styled.button.attrs(({ type }) => ({ type: type ?? 'button' }))`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  cursor: pointer;
`;

type SubmitButtonProps = ComponentProps<typeof Button> & {
  /** While true the button is disabled and says `pendingLabel` ("Saving..."). */
  pending: boolean;
  pendingLabel: ReactNode;
};

/** A form's submit button, full width and large unless told otherwise, that shows its request is on its way. */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" $block $size="lg" {...props} disabled={pending || disabled}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
