import type { LuggageSize, RidePreferences } from '@krom/contracts/http/ride-preference-values';
import styled from 'styled-components';

/*
 * What the driver stated about a ride (luggage, smoking, pets, air conditioning, at most two in
 * the back) and whether it is for women only, as the ride cards, the preview and the wizard's
 * review write them. Each fact is its words; the symbol before it is decoration, hidden from
 * screen readers, so nothing is said by an icon alone.
 */

export const luggageText: Record<LuggageSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

export const preferenceTexts = {
  listLabel: 'Ride preferences',
  luggage: (size: LuggageSize) => `${luggageText[size]} luggage`,
  smoking: 'Smoking allowed',
  noSmoking: 'No smoking',
  pets: 'Pets welcome',
  noPets: 'No pets',
  airConditioning: 'Air conditioning',
  noAirConditioning: 'No air conditioning',
  maxTwoInBack: 'Max. 2 in the back',
  threeInBack: 'Up to 3 in the back',
  womenOnly: 'Women only',
} as const;

type Fact = { key: string; icon: string; text: string };

/**
 * The stated facts in a fixed order. `compact` (a card) leaves out what is the usual case on
 * Ghana's intercity trips (no pets, no air conditioning, three in the back): the card names what
 * sets the ride apart; the preview names everything.
 */
export function preferenceFacts(preferences: RidePreferences, compact: boolean): Fact[] {
  const facts: (Fact | false)[] = [
    { key: 'luggage', icon: '🧳', text: preferenceTexts.luggage(preferences.luggage) },
    preferences.smoking ? { key: 'smoking', icon: '🚬', text: preferenceTexts.smoking } : { key: 'smoking', icon: '🚭', text: preferenceTexts.noSmoking },
    preferences.pets ? { key: 'pets', icon: '🐾', text: preferenceTexts.pets } : !compact && { key: 'pets', icon: '🐾', text: preferenceTexts.noPets },
    preferences.airConditioning
      ? { key: 'air', icon: '❄️', text: preferenceTexts.airConditioning }
      : !compact && { key: 'air', icon: '❄️', text: preferenceTexts.noAirConditioning },
    preferences.maxTwoInBack
      ? { key: 'back', icon: '💺', text: preferenceTexts.maxTwoInBack }
      : !compact && { key: 'back', icon: '💺', text: preferenceTexts.threeInBack },
  ];
  return facts.filter((fact): fact is Fact => fact !== false);
}

/** The ride's preferences as a list of short facts, "Women only" first when it is; nothing for a ride that states none. */
export function RidePreferenceFacts({
  preferences,
  womenOnly,
  compact = false,
}: {
  preferences: RidePreferences | null | undefined;
  womenOnly: boolean | undefined;
  compact?: boolean;
}) {
  const facts = preferences ? preferenceFacts(preferences, compact) : [];
  if (facts.length === 0 && !womenOnly) return null;
  return (
    <FactList aria-label={preferenceTexts.listLabel}>
      {womenOnly ? (
        <WomenOnly>
          <span aria-hidden="true">♀</span> {preferenceTexts.womenOnly}
        </WomenOnly>
      ) : null}
      {facts.map((fact) => (
        <li key={fact.key}>
          <span aria-hidden="true">{fact.icon}</span> {fact.text}
        </li>
      ))}
    </FactList>
  );
}

const FactList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 2px 10px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    font-size: 0.8125rem;
  }
`;

const WomenOnly = styled.li`
  && {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
    font-weight: 600;
  }
`;
