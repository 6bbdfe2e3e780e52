import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { FormField, inputStyles, useFieldText } from './text-field.tsx';

/** A choice as the list shows it: the value alone when it reads well on its own (1 to 4 seats). */
export type SelectOption = string | number | { value: string | number; label: string; disabled?: boolean };

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%2355635b' stroke-width='2'/%3E%3C/svg%3E\")";

/**
 * The look of every native select: the text inputs' box with one drawn chevron, so a select looks
 * the same on every phone (Android draws its own arrow otherwise). The list itself stays native:
 * a phone opens its own picker, and keyboards and screen readers know it.
 */
export const selectStyles = css`
  ${inputStyles}
  padding-right: 40px;
  background: ${({ theme }) => theme.color.background} ${chevron} no-repeat right 14px center;
  appearance: none;
  font-family: inherit;
  color: inherit;
  cursor: pointer;
`;

/** A bare select with the kit's look, for a control labelled by something else (a group, a tab list). */
export const NativeSelect = styled.select`
  ${selectStyles}
`;

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'value'> & {
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  /** A first, empty choice ("Select a make") that stands until one is chosen. */
  placeholder?: string | undefined;
  /** Shown under the select and announced with it; the select is marked invalid while present. */
  error?: string | undefined;
  hint?: string | undefined;
  /** The label beside the select rather than above it (a compact filter in a panel's header). */
  inline?: boolean | undefined;
  /** The chosen option's value, as text (a select's values are text; callers convert numbers). */
  onValueChange?: ((value: string) => void) | undefined;
};

const optionOf = (option: SelectOption) =>
  typeof option === 'object' ? option : { value: option, label: String(option), disabled: false };

/** A labelled native select with the field look, hint and announced error of the kit's text fields. */
export function Select({ label, error, hint, options, placeholder, inline, onValueChange, onChange, ...selectProps }: SelectProps) {
  const list = (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map(optionOf).map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </>
  );
  const change: SelectProps['onChange'] = (event) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  if (inline) {
    return (
      <InlineSelect label={label} error={error} hint={hint} {...selectProps} onChange={change}>
        {list}
      </InlineSelect>
    );
  }
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <NativeSelect {...control} {...selectProps} onChange={change}>
          {list}
        </NativeSelect>
      )}
    </FormField>
  );
}

type InlineSelectProps = Omit<SelectProps, 'options' | 'placeholder' | 'inline' | 'onValueChange'> & { children: ReactNode };

/** The label beside the select, the hint or error under both, described and marked invalid as a stacked field is. */
function InlineSelect({ label, error, hint, children, ...selectProps }: InlineSelectProps) {
  const { control, messages } = useFieldText({ error, hint });
  return (
    <InlineStack>
      <InlineField>
        <span>{label}</span>
        <CompactSelect {...control} {...selectProps}>
          {children}
        </CompactSelect>
      </InlineField>
      {messages}
    </InlineStack>
  );
}

const InlineStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/** The label wraps the select: it names it, and the messages stay outside it, out of the name. */
const InlineField = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
`;

const CompactSelect = styled(NativeSelect)`
  width: auto;
  min-height: 44px;
`;
