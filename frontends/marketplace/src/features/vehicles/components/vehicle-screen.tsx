import type { User } from '@krom/contracts/http/auth';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageColumn, SignedInPage } from '../../../components/page-layout.tsx';

/**
 * A vehicle page in the signed-in frame: "Loading..." while the auth state is read, /login for a
 * visitor (spec: vehicle management sends unauthenticated users there), then one column.
 */
export function VehicleScreen({ width = 560, children }: { width?: number; children: (user: User) => ReactNode }) {
  return (
    <SignedInPage>{(user) => <Column $width={width}>{children(user)}</Column>}</SignedInPage>
  );
}

const Column = styled(PageColumn)`
  h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
  ${({ theme }) => theme.media.md} {
    h1 { font-size: 1.75rem; }
  }
`;

/** A page's title and the line under it. */
export const PageIntro = styled.header`
  display: grid;
  gap: 6px;

  p { color: ${({ theme }) => theme.color.muted}; }
`;
