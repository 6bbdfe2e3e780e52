import { Container } from '@krom/ui-kit/container.tsx';
import styled from 'styled-components';

/** A landing page band; `scroll-margin-top` keeps anchor targets clear of the sticky header. */
export const Section = styled.section<{ $tinted?: boolean }>`
  padding: 48px 0;
  scroll-margin-top: 60px;
  background: ${({ $tinted, theme }) => ($tinted ? theme.color.surface : 'transparent')};

  ${({ theme }) => theme.media.md} {
    padding: 72px 0;
  }
`;

export const SectionInner = styled(Container)`
  display: grid;
  gap: 24px;
`;

export const SectionTitle = styled.h2`
  font-size: 1.625rem;
  letter-spacing: -0.01em;

  ${({ theme }) => theme.media.md} {
    font-size: 2rem;
  }
`;

export const SectionLead = styled.p`
  color: ${({ theme }) => theme.color.muted};
  max-width: 40rem;
`;
