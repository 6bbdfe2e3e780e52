import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';

type FieldText = {
  label: string;
  /** Shown under the input and announced with it; the input is marked invalid while present. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** What the control inside a <FormField> must carry to be named and described by it. */
type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A field's hint and error under its control, and what the control carries to be described by
 * them. The hint gives way to the error: only what is shown describes the control.
 */
export function useFieldText({ error, hint }: Omit<FieldText, 'label'>): { control: ControlProps; messages: ReactNode } {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const messages = (
    <>
      {hint && !error ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </>
  );
  return { control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }, messages };
}

/** Label, control, hint and error of one form field; the control is drawn by `children`. */
export function FormField({ label, error, hint, children }: FieldText & { children: (control: ControlProps) => ReactNode }) {
  const { control, messages } = useFieldText({ error, hint });
  return (
    <Field>
      <Label htmlFor={control.id}>{label}</Label>
      {children(control)}
      {messages}
    </Field>
  );
}

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> &
  FieldText & {
    /** The typed text, for forms that keep values rather than events. */
    onValueChange?: ((value: string) => void) | undefined;
  };

export function TextField({ label, error, hint, onValueChange, onChange, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...inputProps}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        />
      )}
    </FormField>
  );
}

/** An e-mail address field: the keyboard, autofill and capitalisation a phone should use for one. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      placeholder="you@example.com"
      {...props}
    />
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

/** The look of every text input, shared with inputs that carry more (the password field's toggle). */
export const inputStyles = css`
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

const Input = styled.input`
  ${inputStyles}
`;

const Hint = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const ErrorText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.danger};
`;
