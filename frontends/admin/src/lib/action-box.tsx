import { FormField, inputStyles } from '@krom/ui-kit/text-field.tsx';
import styled, { css } from 'styled-components';

/** A framed block of a staff screen that holds one action's form (a decision, a cancellation, a test step). */
export const framedAction = css`
  display: grid;
  gap: 16px;
  justify-items: start;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/** A section holding a staff action and its form (a verification decision, a booking's cancellation). */
export const ActionBox = styled.section`
  ${framedAction}

  h2 { font-size: 1.125rem; }

  form {
    display: grid;
    gap: 12px;
    justify-items: start;
    width: 100%;
  }
  form > div { width: 100%; }
`;

const ReasonTextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  font: inherit;
`;

/**
 * The few lines staff write to say why (a rejection, a cancellation). Typing clears the error
 * shown, so the message never stays beside a reason being corrected.
 */
export function ReasonField({
  label,
  hint,
  error,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <ReasonTextArea {...control} name="reason" rows={3} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}
