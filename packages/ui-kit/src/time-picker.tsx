import { useState } from 'react';
import { NativeSelect } from './select.tsx';
import styled from 'styled-components';
import { FieldError, type PickerFieldProps } from './picker-field.tsx';

type Period = 'AM' | 'PM';
type Parts = { hour: string; minute: string; period: Period | '' };

const hours = Array.from({ length: 12 }, (_, index) => String(index + 1));
/** The spec's minute step. */
export const MINUTE_STEP = 5;
const minutes = Array.from({ length: 60 / MINUTE_STEP }, (_, index) => String(index * MINUTE_STEP).padStart(2, '0'));

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 24-hour `HH:MM` → hour 1-12, minute and AM/PM; empty parts for '' or anything else. */
function partsOf(value: string): Parts {
  const match = timePattern.exec(value);
  if (!match) return { hour: '', minute: '', period: '' };
  const hour24 = Number(match[1]);
  return { hour: String(hour24 % 12 === 0 ? 12 : hour24 % 12), minute: match[2] as string, period: hour24 < 12 ? 'AM' : 'PM' };
}

/** Hour 1-12, minute and AM/PM → 24-hour `HH:MM` (12 AM is 00, 12 PM is 12). */
export function to24HourTime(hour: number, minute: number, period: Period): string {
  const hour24 = (hour % 12) + (period === 'PM' ? 12 : 0);
  return `${String(hour24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The spec's time picker: hours 1 to 12, minutes in steps of 5 and AM/PM, three native selects
 * (the phone's own wheel, accessible as they are). The value is 24-hour `HH:MM`, or '' while
 * nothing is chosen. Choosing any part fills the others (minute 00, AM) so a value exists at once.
 */
export function TimePicker({ id, label, value, onChange, error }: PickerFieldProps<string>) {
  const fromValue = partsOf(value);
  // Parts chosen before the hour, while the value is still '' (an hour makes a whole time).
  const [draft, setDraft] = useState<Parts>({ hour: '', minute: '', period: '' });
  const shown = fromValue.hour ? fromValue : draft;
  const errorId = `${id}-error`;
  const legendId = `${id}-legend`;
  // A stored minute off the 5-minute grid (an older ride) stays choosable rather than being lost.
  const minuteOptions = shown.minute && !minutes.includes(shown.minute) ? [...minutes, shown.minute].sort() : minutes;

  const change = (part: keyof Parts, next: string) => {
    const parts = { ...shown, [part]: next } as Parts;
    if (!parts.hour) {
      setDraft(parts);
      onChange('');
      return;
    }
    const whole: Parts = { hour: parts.hour, minute: parts.minute || '00', period: parts.period || 'AM' };
    // From here the value carries the time; a parent that clears it later clears the selects too.
    setDraft({ hour: '', minute: '', period: '' });
    onChange(to24HourTime(Number(whole.hour), Number(whole.minute), whole.period as Period));
  };

  const describedBy = error ? errorId : undefined;
  return (
    <Fieldset aria-labelledby={legendId} aria-describedby={describedBy}>
      <Legend id={legendId}>{label}</Legend>
      <Row>
        <Select
          id={id}
          aria-label="Hour"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={shown.hour}
          onChange={(event) => change('hour', event.target.value)}
        >
          <option value="" disabled={Boolean(shown.hour)}>
            Hour
          </option>
          {hours.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </Select>
        <Colon aria-hidden="true">:</Colon>
        <Select
          aria-label="Minute"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={shown.minute}
          onChange={(event) => change('minute', event.target.value)}
        >
          <option value="" disabled={Boolean(shown.minute)}>
            Min
          </option>
          {minuteOptions.map((minute) => (
            <option key={minute} value={minute}>
              {minute}
            </option>
          ))}
        </Select>
        <Select
          aria-label="AM or PM"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={shown.period}
          onChange={(event) => change('period', event.target.value)}
        >
          <option value="" disabled={Boolean(shown.period)}>
            AM/PM
          </option>
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </Select>
      </Row>
      <FieldError id={errorId} error={error} />
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  float: left;
  width: 100%;
  margin-bottom: 6px;
  padding: 0;
  font-size: 0.9375rem;
  font-weight: 600;
  & + * { clear: both; }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Colon = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.color.muted};
`;

const Select = styled(NativeSelect)`
  flex: 1;
  min-width: 0;
  padding: 0 32px 0 12px;
  background-position: right 12px center;
`;
