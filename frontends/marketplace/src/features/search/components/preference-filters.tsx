import { luggageSizes } from '@krom/contracts/http/ride-preference-values';
import { Select } from '@krom/ui-kit/select.tsx';
import styled from 'styled-components';
import { luggageText, preferenceTexts } from '../../../components/ride-preferences.tsx';
import { noPreferenceFilters, type PreferenceFilters, type PreferenceFlag, preferenceFlags } from '../ride-search-params.ts';

export const preferenceFilterTexts = {
  summary: 'Ride preferences',
  luggage: 'Luggage',
  anyLuggage: 'Any size',
  luggageAtLeast: (size: string) => `${size} or larger`,
} as const;

const flagLabels: Record<PreferenceFlag, string> = {
  noSmoking: preferenceTexts.noSmoking,
  pets: preferenceTexts.pets,
  airConditioning: preferenceTexts.airConditioning,
  maxTwoInBack: preferenceTexts.maxTwoInBack,
  womenOnly: preferenceTexts.womenOnly,
};

const luggageOptions = [
  { value: '', label: preferenceFilterTexts.anyLuggage },
  ...luggageSizes.map((size) => ({ value: size, label: size === 'large' ? luggageText[size] : preferenceFilterTexts.luggageAtLeast(luggageText[size]) })),
];

/**
 * The listing's preference filters, folded under one line on a phone (open when any is on): the
 * luggage a ride must take at least, and no smoking, pets, air conditioning, at most two in the
 * back, women only. Each change rewrites the address, as the other filters do; the server matches.
 */
export function PreferenceFiltersFields({ value = noPreferenceFilters, onChange }: { value: PreferenceFilters | undefined; onChange: (next: PreferenceFilters) => void }) {
  const on = value.luggage !== null || preferenceFlags.some((flag) => value[flag]);
  return (
    <Fold open={on || undefined}>
      <summary>{preferenceFilterTexts.summary}</summary>
      <Fields>
        <Select
          label={preferenceFilterTexts.luggage}
          options={luggageOptions}
          value={value.luggage ?? ''}
          onValueChange={(luggage) => onChange({ ...value, luggage: (luggageSizes as readonly string[]).includes(String(luggage)) ? (luggage as PreferenceFilters['luggage']) : null })}
        />
        {preferenceFlags.map((flag) => (
          <Check key={flag}>
            <input type="checkbox" checked={value[flag]} onChange={(event) => onChange({ ...value, [flag]: event.target.checked })} />
            {flagLabels[flag]}
          </Check>
        ))}
      </Fields>
    </Fold>
  );
}

const Fold = styled.details`
  summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; font-weight: 600; }
`;

const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px 16px;

  > :first-child { flex: 1 1 10rem; max-width: 14rem; }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  cursor: pointer;

  input { width: 20px; height: 20px; accent-color: ${({ theme }) => theme.color.primary}; }
`;
