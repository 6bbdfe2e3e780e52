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
