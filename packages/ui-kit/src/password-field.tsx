import { type ComponentPropsWithRef, useState } from 'react';
import styled from 'styled-components';
import { IconButton } from './button.tsx';
import { lineIconStyles } from './line-icon.tsx';
import { FormField, inputStyles, type TextFieldProps } from './text-field.tsx';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> &
  Pick<TextFieldProps, 'label' | 'error' | 'hint' | 'onValueChange'>;

/**
 * A password input with the spec's show/hide toggle. On a phone keyboard typos are common, so
 * the toggle is a real button people can reach to check what they typed before submitting.
 */
export function PasswordField({ label, error, hint, onValueChange, onChange, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <InputRow>
          <Input
            {...control}
            type={visible ? 'text' : 'password'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...inputProps}
            onChange={(event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
          />
          <Toggle
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-controls={control.id}
            onClick={() => setVisible((shown) => !shown)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible ? <path d="M4 4l16 16" /> : null}
            </svg>
          </Toggle>
        </InputRow>
      )}
    </FormField>
  );
}

const InputRow = styled.div`
  position: relative;
`;

const Input = styled.input`
  ${inputStyles}
  padding-right: 52px;
`;

const Toggle = styled(IconButton)`
  position: absolute;
  top: 2px;
  right: 2px;
  color: ${({ theme }) => theme.color.muted};
  cursor: pointer;

  ${lineIconStyles}
  &:hover { color: ${({ theme }) => theme.color.text}; }
`;
