import { Container } from '@krom/ui-kit/container.tsx';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LandingFooter } from '../../landing/index.ts';

/**
 * The frame of Krom's public text pages (Contact, Terms of Use, Privacy Policy): the logo header,
 * one heading, when it was last changed, the text, and the site's footer. Sent as HTML alone, like
 * the landing (vite.config.ts): nothing on them needs a script.
 */
export function LegalLayout({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <>
      <LogoHeader login />
      <Page as="main">
        <h1>{title}</h1>
        {updated ? <Updated>Last updated {updated}</Updated> : null}
        {children}
      </Page>
      <LandingFooter page="other" />
    </>
  );
}

const Page = styled(Container)`
  display: grid;
  gap: 14px;
  max-width: 760px;
  padding-top: 40px;
  padding-bottom: 56px;
  line-height: 1.6;

  h2 { margin-top: 20px; font-size: 1.25rem; }
  ul { margin: 0; padding-left: 22px; display: grid; gap: 6px; }
  a { color: ${({ theme }) => theme.color.primary}; }
`;

const Updated = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;
