import styled from 'styled-components';

/** One item of a list of cards (a ride, a vehicle): a raised box on the page. */
export const Card = styled.article`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

/** One item of a stacked list (a booking, a ride request, a driver's ride): a bordered box, no shadow. */
export const ListCard = styled.li`
  display: grid;
  gap: 6px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
`;

/** A card's main facts on one wrapping line (date, seats, price). */
export const CardFacts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.9375rem;
  font-weight: 600;
`;

/** A stacked card's title: its route, wrapping anywhere a long place name needs. */
export const CardTitle = styled.h3`
  font-size: 1.0625rem;
  overflow-wrap: anywhere;
`;

/** A stacked card's buttons, at its right end. */
export const CardActions = styled.div`
  display: flex;
  justify-content: flex-end;

  button { min-height: 40px; padding: 0 12px; font-size: 0.9375rem; }
`;

/** The muted line under a section's heading that says what its list holds. */
export const SectionLead = styled.p`
  margin-top: -6px;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.muted};
`;
