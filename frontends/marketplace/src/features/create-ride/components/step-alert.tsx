import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * The spec's "alert" for a step that cannot go on yet (and for a failed post): drawn in the page
 * rather than as the browser's alert box, announced the moment it appears.
 */
export function StepAlert({ children }: { children: ReactNode }) {
  return <Box role="alert">{children}</Box>;
}

const Box = styled.div`
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
  overflow-wrap: anywhere;
`;
