import { luggageSizes, type RidePreferences } from '@krom/contracts/http/ride-preference-values';
import styled from 'styled-components';
import { ChoiceOption, ChoiceSet } from './booking-mode-choice.tsx';
import { ridePreferenceFieldTexts as wizardTexts } from './ride-preference-field-texts.ts';
import { luggageText } from './ride-preferences.tsx';

const yesNo: { key: Exclude<keyof RidePreferences, 'luggage'>; label: string }[] = [
  { key: 'smoking', label: wizardTexts.smoking },
  { key: 'pets', label: wizardTexts.pets },
  { key: 'airConditioning', label: wizardTexts.airConditioning },
  { key: 'maxTwoInBack', label: wizardTexts.maxTwoInBack },
];

/**
 * The wizard's step 3 and the edit-ride form: luggage size, smoking, pets, air conditioning and at
 * most two in the back, and, for a member whose profile says woman (`mayOfferWomenOnly`), Women
 * only. The server checks again who may post or change a women-only ride (and keeps it as it is
 * once a seat is booked, in its own words).
 */
export function RidePreferencesFields({
  preferences,
  womenOnly,
  mayOfferWomenOnly,
  onChange,
}: {
  preferences: RidePreferences;
  womenOnly: boolean;
  mayOfferWomenOnly: boolean;
  onChange: (next: { preferences: RidePreferences; womenOnly: boolean }) => void;
}) {
  const set = (changes: Partial<RidePreferences>) => onChange({ preferences: { ...preferences, ...changes }, womenOnly });
  return (
    <Group>
      <legend>{wizardTexts.preferencesTitle}</legend>
      <p>{wizardTexts.preferencesLead}</p>
      <ChoiceSet>
        <legend>{wizardTexts.luggage}</legend>
        <Sizes>
          {luggageSizes.map((size) => (
            <ChoiceOption key={size}>
              <input type="radio" name="luggage" value={size} checked={preferences.luggage === size} onChange={() => set({ luggage: size })} />
              <span>
                <strong>{luggageText[size]}</strong>
              </span>
            </ChoiceOption>
          ))}
        </Sizes>
      </ChoiceSet>
      {yesNo.map(({ key, label }) => (
        <Check key={key}>
          <input type="checkbox" checked={preferences[key]} onChange={(event) => set({ [key]: event.target.checked })} />
          {label}
        </Check>
      ))}
      {mayOfferWomenOnly ? (
        <Check>
          <input
            type="checkbox"
            checked={womenOnly}
            onChange={(event) => onChange({ preferences, womenOnly: event.target.checked })}
            aria-describedby="women-only-hint"
          />
          <span>
            <strong>{wizardTexts.womenOnly}</strong>
            <small id="women-only-hint">{wizardTexts.womenOnlyHint}</small>
          </span>
        </Check>
      ) : null}
    </Group>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  > legend { margin-bottom: 2px; padding: 0; font-size: 1rem; font-weight: 600; }
  > p { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
`;

const Sizes = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  cursor: pointer;

  input { flex: none; width: 20px; height: 20px; accent-color: ${({ theme }) => theme.color.primary}; }
  span { display: grid; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
`;
