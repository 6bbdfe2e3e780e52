import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/**
 * The frame of every signed-out account screen (sign-up, code entry, login, recovery): the logo
 * bar, then one narrow column that fills a phone and becomes a card on wider screens.
 */
export function AuthPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <HeaderBar
        start={
          <LogoLink to="/" aria-label="Krom home">
            <Logo />
          </LogoLink>
        }
      />
      <Main>
        <Card>
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

const LogoLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Main = styled.main`
  padding: 24px 16px 48px;

  ${({ theme }) => theme.media.md} {
    padding-top: 56px;
  }
`;

const Card = styled.div`
  display: grid;
  gap: 24px;
  max-width: 440px;
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

/** A line of small text under a form, e.g. "Already have an account? Log in". */
export const FormFooter = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.color.muted};

  a { font-weight: 600; }
`;

export const AuthForm = styled.form`
  display: grid;
  gap: 16px;
`;
