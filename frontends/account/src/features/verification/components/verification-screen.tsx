import type { User } from '@krom/contracts/http/auth';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A verification page in the signed-in frame (header, side menu), one narrow column on any screen. */
export function VerificationScreen({ title, intro, children }: { title: string; intro: string; children: (user: User) => ReactNode }) {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <header>
              <h1>{title}</h1>
              <p>{intro}</p>
            </header>
            {children(user)}
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

/** What a declined submission's staff reason reads as above the form. */
export const declinedText = (reason: string | null) =>
  reason ? `Your last submission was declined: ${reason}` : 'Your last submission was declined.';

export const submitTexts = { submit: 'Submit for Verification', submitting: 'Submitting...', backToProfile: 'Back to Profile' } as const;

/** Card and licence numbers are shown as they are printed, in capitals. */
export const inCapitals = (typed: string) => typed.toUpperCase();

/** Today's date in Ghana plus `days`, as a date input's min/max wants it (yyyy-MM-dd). */
export const ghanaDatePlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A note above (or instead of) the form: a decline's reason, or why the form is not offered. */
export function Notice({ tone, children, action }: { tone: 'danger' | 'info'; children: ReactNode; action?: { to: string; label: string } }) {
  return (
    <NoticeBox $tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      <p>{children}</p>
      {action ? (
        <ButtonLink to={action.to} $variant="primary">
          {action.label}
        </ButtonLink>
      ) : null}
    </NoticeBox>
  );
}

const Column = styled.div`
  display: grid;
  gap: 20px;
  max-width: 560px;
  margin: 0 auto;

  h1 { font-size: 1.5rem; }
  header { display: grid; gap: 6px; }
  header p { color: ${({ theme }) => theme.color.muted}; }

  ${({ theme }) => theme.media.md} {
    h1 { font-size: 1.75rem; }
  }
`;

const NoticeBox = styled.div<{ $tone: 'danger' | 'info' }>`
  display: grid;
  gap: 12px;
  padding: 14px 16px;
  border: 1px solid ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.primary)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.dangerSoft : theme.color.primarySoft)};
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.text)};
  overflow-wrap: anywhere;

  > a { justify-self: start; }
`;

/** A titled group of fields (Ghana card, driver's licence). */
export const FormSection = styled.fieldset`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    margin-bottom: 12px;
    padding: 0;
    font-size: 1.125rem;
    font-weight: 700;
  }
`;

export const VerificationForm = styled.form`
  display: grid;
  gap: 24px;
`;

export const ReviewNote = styled.p`
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.muted};
`;
