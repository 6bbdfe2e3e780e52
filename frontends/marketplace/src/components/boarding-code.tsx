import { lazy, Suspense } from 'react';
import styled from 'styled-components';

const BoardingQr = lazy(() => import('./boarding-qr.tsx'));

/**
 * A booking's boarding code as the passenger shows it at pickup: the six characters, large and
 * spaced for reading aloud or typing, and their QR code for the driver to scan. The QR encoder
 * loads with the first code shown; until then the characters stand alone.
 */
export function BoardingCode({ code, label = 'Boarding code', hint }: { code: string; label?: string; hint?: string }) {
  return (
    <Box>
      <span>{label}</span>
      <Code>{code}</Code>
      <Suspense fallback={<QrSpace />}>
        <BoardingQr code={code} />
      </Suspense>
      {hint ? <small>{hint}</small> : null}
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 16px;
  border: 1px dashed ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  text-align: center;

  > span { font-size: 0.875rem; font-weight: 600; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
  svg { border-radius: ${({ theme }) => theme.radius.sm}; }
`;

const Code = styled.strong`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.75rem;
  letter-spacing: 0.2em;
`;

/** The QR code's room while it loads, so the card does not jump. */
const QrSpace = styled.div`
  width: 168px;
  height: 168px;
`;
