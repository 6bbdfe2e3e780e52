import styled from 'styled-components';

/** A list of cards one under the other, without bullets (notifications, payment methods, steps). */
export const StackedList = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
