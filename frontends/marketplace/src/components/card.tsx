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
