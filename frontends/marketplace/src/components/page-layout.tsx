import type { User } from '@krom/contracts/http/auth';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

/**
 * A page for signed-in users only: "Loading..." while the auth state is read, /login for a
 * visitor, then the page in the signed-in frame.
 */
export function SignedInPage({ children }: { children: (user: User) => ReactNode }) {
  return <RequireSignedIn>{(user) => <SignedInFrame user={user}>{children(user)}</SignedInFrame>}</RequireSignedIn>;
}

/** A page's one column, centred: `$width` at the most (760 px), `$gap` between its parts (20 px). */
export const PageColumn = styled.div<{ $gap?: number; $width?: number }>`
  display: grid;
  gap: ${({ $gap = 20 }) => $gap}px;
  max-width: ${({ $width = 760 }) => $width}px;
  margin: 0 auto;
  width: 100%;
`;

/** A page's title. */
export const PageTitle = styled.h1`
  font-size: 1.75rem;
  overflow-wrap: anywhere;
`;

/** The line under a page's title. */
export const PageLead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
`;

/** A part of a page under its own heading; the heading names it (a region). */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;
