import { type ReactNode, type Ref, type RefObject, useRef } from 'react';
import styled from 'styled-components';
import { IconButton } from './button.tsx';

/** What every picker field takes: its button's id (for labels and focus), label, value, change and error. */
export type PickerFieldProps<Value> = {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  error?: string;
};

/**
 * The chrome the date and location pickers share: a label, a box holding the button that opens
 * the picker (its name is the label followed by what it shows) and a clear button
 * (`Clear {label}`), and the field's error. `shown` is what the button shows, or null for nothing
 * chosen (the placeholder, and no clear button). `children` is the picker itself, drawn inside the
 * field (the date picker's popover is positioned against it).
 */
export function PickerField({
  id,
  label,
  error,
  icon,
  shown,
  placeholder,
  stacked = false,
  expanded,
  controls,
  onOpen,
  onClear,
  fieldRef,
  triggerRef,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /** The picker's icon, before what the button shows. */
  icon: ReactNode;
  shown: ReactNode | null;
  placeholder: string;
  /** What is shown is a name over a smaller line (a place), rather than one line of text. */
  stacked?: boolean;
  /** Whether the picker is open, for a picker that is part of the field (a popover). */
  expanded?: boolean;
  /** The id of the open picker, for a picker that is part of the field. */
  controls?: string | undefined;
  onOpen: () => void;
  /** Empties the value; focus then returns to the field's button. */
  onClear: () => void;
  fieldRef?: Ref<HTMLDivElement>;
  triggerRef?: RefObject<HTMLButtonElement | null>;
  children?: ReactNode;
}) {
  const ownTriggerRef = useRef<HTMLButtonElement>(null);
  const trigger = triggerRef ?? ownTriggerRef;
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const errorId = `${id}-error`;
  return (
    <Field ref={fieldRef}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Box $invalid={Boolean(error)}>
        <Trigger
          ref={trigger}
          id={id}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={expanded}
          aria-controls={controls}
          aria-labelledby={`${labelId} ${valueId}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={onOpen}
        >
          {icon}
          <Shown id={valueId} $stacked={stacked}>
            {shown ?? <Placeholder>{placeholder}</Placeholder>}
          </Shown>
        </Trigger>
        {shown !== null ? (
          <ClearButton
            aria-label={`Clear ${label}`}
            onClick={() => {
              onClear();
              trigger.current?.focus();
            }}
          >
            <ClearIcon />
          </ClearButton>
        ) : null}
      </Box>
      <FieldError id={errorId} error={error} />
      {children}
    </Field>
  );
}

/** A field's error under it, announced when it appears; `id` is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <ErrorText id={id} role="alert">
      {error}
    </ErrorText>
  ) : null;
}

/** The cross of a clear button. */
export function ClearIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A map pin, the location picker's icon (also drawn by a page that shows the field before the picker's code has loaded). */
export function PinIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="10" r="2.3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** A calendar, the date picker's icon. */
export function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The grey of a clear button, on a surface when hovered. */
export const ClearButton = styled(IconButton)`
  flex: none;
  align-self: center;
  color: ${({ theme }) => theme.color.muted};
  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;

const Field = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-size: 0.9375rem;
  font-weight: 600;
`;

const Box = styled.div<{ $invalid: boolean }>`
  position: relative;
  display: flex;
  align-items: stretch;
  min-height: 48px;
  border: 1px solid ${({ $invalid, theme }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};

  &:focus-within { border-color: ${({ theme }) => theme.color.primary}; }
`;

const Trigger = styled.button`
  flex: 1;
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  min-height: 46px;
  padding: 6px 14px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  text-align: left;
  cursor: pointer;

  svg { flex: none; color: ${({ theme }) => theme.color.primary}; }
`;

const ellipsis = 'overflow: hidden; text-overflow: ellipsis; white-space: nowrap;';

const Shown = styled.span<{ $stacked: boolean }>`
  min-width: 0;
  ${({ $stacked }) => ($stacked ? 'display: grid; line-height: 1.3;' : ellipsis)}

  strong { font-weight: 600; ${ellipsis} }
  small { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; ${ellipsis} }
`;

const Placeholder = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

const ErrorText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.danger};
`;
