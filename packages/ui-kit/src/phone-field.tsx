import { ghanaPhonePattern, localGhanaPhone } from '@krom/contracts/http/ghana-phone';
import type { FocusEvent } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** Room for the longest way of writing a Ghana number: "+233 (0)24 123 4567" and a little more. */
const maxLength = 22;

/**
 * What the phone field keeps of what was typed: the characters a number is written with (digits,
 * a leading +, spaces, dashes, dots, brackets), so "+233 24 123 4567" stays readable as typed.
 * The form's contract turns it into the local number (0241234567) that is sent and stored.
 */
export function keepPhoneCharacters(typed: string): string {
  return typed.replace(/[^\d+\s\-.()]/g, '').slice(0, maxLength);
}

/**
 * A Ghana phone number field: the phone keypad (which has +), and on leaving it, the local
 * number it will be stored as, when what was typed is one.
 */
export function PhoneField({ onValueChange, onBlur, ...props }: Omit<TextFieldProps, 'type' | 'onChange'>) {
  return (
    <TextField
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="0241234567"
      {...props}
      onValueChange={(value) => onValueChange?.(keepPhoneCharacters(value))}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const local = localGhanaPhone(event.target.value);
        if (local !== event.target.value && ghanaPhonePattern.test(local)) onValueChange?.(local);
        onBlur?.(event);
      }}
    />
  );
}
