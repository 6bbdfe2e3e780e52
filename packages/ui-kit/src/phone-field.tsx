import { TextField, type TextFieldProps } from './text-field.tsx';

/** Ghana local numbers: 10 digits starting with 0. */
const maxDigits = 10;

/**
 * What the phone field keeps of what was typed: digits only, always starting with 0 (a 0 is put
 * in front when the first digit is something else), and never more than 10 digits.
 */
export function normalizePhoneInput(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return '';
  const withZero = digits.startsWith('0') ? digits : `0${digits}`;
  return withZero.slice(0, maxDigits);
}

/** A Ghana phone number field: the number keypad, and only what `normalizePhoneInput` keeps. */
export function PhoneField({ onValueChange, ...props }: Omit<TextFieldProps, 'type' | 'onChange'>) {
  return (
    <TextField
      type="tel"
      autoComplete="tel-national"
      inputMode="numeric"
      placeholder="0241234567"
      {...props}
      onValueChange={(value) => onValueChange?.(normalizePhoneInput(value))}
    />
  );
}
