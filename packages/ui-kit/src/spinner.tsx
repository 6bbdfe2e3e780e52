import styled, { keyframes } from 'styled-components';

/** The spec's wait indicator: a ring with the text "Loading...". */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Wrap role="status" $fullPage={fullPage}>
      <Ring aria-hidden="true" />
      <span>Loading...</span>
    </Wrap>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrap = styled.div<{ $fullPage: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: ${({ $fullPage }) => ($fullPage ? '60vh' : 'auto')};
  padding: 24px;
  color: ${({ theme }) => theme.color.muted};
`;

const Ring = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.color.primarySoft};
  border-top-color: ${({ theme }) => theme.color.primary};
  animation: ${spin} 0.8s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;
