import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LogoHeader } from './logo-header.tsx';

/**
 * The frame of a signed-out form screen (sign-up, code entry, login, recovery, waitlist): the
 * logo bar, then one narrow column that fills a phone and becomes a card on wider screens.
 */
export function FormPage({
  title,
  lead,
  width = 440,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The card's widest, in pixels. */
  width?: number;
  children: ReactNode;
}) {
  return (
    <>
      <LogoHeader />
      <Main>
        <Card $width={width}>
          <Intro>
            <h1>{title}</h1>
            {lead ? <Lead>{lead}</Lead> : null}
          </Intro>
          {children}
        </Card>
      </Main>
    </>
  );
}

const Main = styled.main`
  padding: 24px 16px 48px;

  ${({ theme }) => theme.media.md} {
    padding-top: 56px;
  }
`;

const Card = styled.div<{ $width: number }>`
  display: grid;
  gap: 24px;
  max-width: ${({ $width }) => $width}px;
  margin: 0 auto;

  ${({ theme }) => theme.media.md} {
    padding: 32px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Intro = styled.div`
  display: grid;
  gap: 8px;

  h1 { font-size: 1.75rem; }
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;

/** The fields of a form, one under the other. */
export const FormStack = styled.form`
  display: grid;
  gap: 16px;
`;

/** Two short fields side by side (first and last name) once the screen has room for both. */
export const FieldPair = styled.div`
  display: grid;
  gap: 16px;

  @media (min-width: 480px) {
    grid-template-columns: 1fr 1fr;
  }
`;

/** A line of small text under a form, e.g. "Already have an account? Log in". */
export const FormFooter = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.color.muted};

  a { font-weight: 600; }
`;
