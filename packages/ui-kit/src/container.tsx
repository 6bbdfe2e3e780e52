import styled from 'styled-components';

/** Page-width column with the phone-sized side padding every screen uses. */
export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.pageWidth};
  margin: 0 auto;
  padding: 0 16px;

  ${({ theme }) => theme.media.md} {
    padding: 0 24px;
  }
`;
