import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** `27/11/2026` (also with - or . between, and one-digit days and months) as `2026-11-27`; undefined when it is no such day. */
export function isoFromDayMonthYear(typed: string): string | undefined {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(typed);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `2026-11-27` as Ghana writes it, `27/11/2026`; anything else as it is. */
export function dayMonthYearOf(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

type Props = Omit<TextFieldProps, 'type' | 'value' | 'onValueChange' | 'min' | 'max'> & {
  /** The date as the form keeps it, yyyy-MM-dd (or what was typed while it is no date yet). */
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A date typed day first, as Ghana writes it (dd/mm/yyyy): a native date input showed mm/dd/yyyy
 * on many phones. The form receives yyyy-MM-dd once the text is a real day, else the text itself,
 * which the form's own check then refuses with its message. Past days are fine (a date of birth).
 */
export function DayMonthYearField({ value, onValueChange, ...props }: Props) {
  const [typed, setTyped] = useState(() => dayMonthYearOf(value));
  const shown = isoFromDayMonthYear(typed) === value || typed === value ? typed : dayMonthYearOf(value);
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      placeholder="dd/mm/yyyy"
      hint={props.error ? undefined : (props.hint ?? 'Day, month, year: dd/mm/yyyy')}
      value={shown}
      onValueChange={(text) => {
        setTyped(text);
        onValueChange(isoFromDayMonthYear(text) ?? text);
      }}
    />
  );
}
