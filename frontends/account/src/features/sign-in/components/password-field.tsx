import { type ComponentPropsWithRef, useId, useState } from 'react';
import styled from 'styled-components';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  label: string;
  error?: string | undefined;
};

/**
 * A password input with the spec's show/hide toggle. On a phone keyboard typos are common, so
 * the toggle is a real button people can reach to check what they typed before submitting.
 */
export function PasswordField({ label, error, ...inputProps }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <InputRow>
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <Toggle
          type="button"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M4 4l16 16" /> : null}
          </svg>
        </Toggle>
      </InputRow>
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-size: 0.9375rem;
  font-weight: 600;
`;

const InputRow = styled.div`
  position: relative;
`;

const Input = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 10px 52px 10px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: 1rem;

  &:focus { border-color: ${({ theme }) => theme.color.primary}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.color.danger}; }
`;

const Toggle = styled.button`
  position: absolute;
  top: 2px;
  right: 2px;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.muted};
  cursor: pointer;

  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  &:hover { color: ${({ theme }) => theme.color.text}; }
`;

const ErrorText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.danger};
`;
