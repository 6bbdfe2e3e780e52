import { type ComponentPropsWithRef, useId } from 'react';
import styled from 'styled-components';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Shown under the input and announced with it; the input is marked invalid while present. */
  error?: string | undefined;
  hint?: string | undefined;
};

export function TextField({ label, error, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error ? <Hint id={hintId}>{hint}</Hint> : null}
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

const Input = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: 1rem;

  &::placeholder { color: ${({ theme }) => theme.color.muted}; opacity: 0.8; }
  &:focus { border-color: ${({ theme }) => theme.color.primary}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.color.danger}; }
`;

const Hint = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const ErrorText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.danger};
`;
