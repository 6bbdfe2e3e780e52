import { typedGhanaPhone } from '@krom/contracts/http/ghana-phone';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A Ghana phone number field: the phone keypad (which has +), and only what `typedGhanaPhone`
 * keeps: the local number, also when it is typed or pasted in the international form.
 */
export function PhoneField({ onValueChange, ...props }: Omit<TextFieldProps, 'type' | 'onChange'>) {
  return (
    <TextField
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="0241234567"
      {...props}
      onValueChange={(value) => onValueChange?.(typedGhanaPhone(value))}
    />
  );
}
