import { type BookingMode, bookingModes, requestAnswerHours, requestCutoffHoursBeforeDeparture } from '@krom/contracts/http/booking-values';
import styled from 'styled-components';
import { bookingModeText } from './ride-card.tsx';

/** What each way of taking bookings means for the driver, under its name. */
const explained: Record<BookingMode, string> = {
  instant: 'A booking is confirmed at once; the passenger gets their boarding code straight away.',
  approval: `You accept or decline each request. One you do not answer lapses after ${requestAnswerHours} hours, or ${requestCutoffHoursBeforeDeparture} hours before departure.`,
};

export const bookingModeLegend = 'How passengers book';

/**
 * The driver's choice per ride, in the wizard's step 3 and when editing a ride: instant booking
 * (the default) or approving each request.
 */
export function BookingModeChoice({ value, onChange }: { value: BookingMode; onChange: (mode: BookingMode) => void }) {
  return (
    <ChoiceSet>
      <legend>{bookingModeLegend}</legend>
      {bookingModes.map((mode) => (
        <ChoiceOption key={mode}>
          <input type="radio" name="booking-mode" value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          <span>
            <strong>{bookingModeText(mode)}</strong>
            <small>{explained[mode]}</small>
          </span>
        </ChoiceOption>
      ))}
    </ChoiceSet>
  );
}

/** A group of choices shown as cards, one per option (the vehicle, how passengers book). */
export const ChoiceSet = styled.fieldset`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend { margin-bottom: 6px; padding: 0; font-size: 0.9375rem; font-weight: 600; }
`;

/** One choice of a ChoiceSet: its radio button, its name and a line under it. */
export const ChoiceOption = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 56px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
  }
  input { flex: none; width: 20px; height: 20px; accent-color: ${({ theme }) => theme.color.primary}; }
  span { display: grid; min-width: 0; }
  strong { overflow-wrap: anywhere; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; overflow-wrap: anywhere; }
`;
