import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { useId } from 'react';
import styled from 'styled-components';

/** Which verification a card shows: its title, where its button goes, and its texts per status. */
export type VerificationKind = 'identity' | 'driver';
const cards: Record<VerificationKind, { title: string; path: string }> = {
  identity: { title: 'Verification Status', path: '/verify-identity' },
  driver: { title: 'Driver Verification', path: '/verify-identity-driver' },
};

type Tone = 'green' | 'orange' | 'red' | 'grey';

type StatusDisplay = { tone: Tone; label: string; text: string; action: string | null };

/** The driver card's own texts, with the identity card's labels and buttons. */
const driverTexts = {
  approved: 'You are verified as a driver',
  pending: "Your driver's licence is being reviewed. Review typically takes 2-3 business days.",
  rejected: 'Your driver verification was declined. Please contact support or try again.',
  other: 'Your driver details are not verified',
} as const;

/** Spec section 4: approved, pending, rejected, and anything else meaning "not verified". */
export function verificationDisplay(status: string, kind: VerificationKind = 'identity'): StatusDisplay {
  const display = identityDisplay(status);
  if (kind === 'identity') return display;
  const known = status === 'approved' || status === 'pending' || status === 'rejected' ? status : 'other';
  return { ...display, text: driverTexts[known] };
}

function identityDisplay(status: string): StatusDisplay {
  switch (status) {
    case 'approved':
      return { tone: 'green', label: 'Verified', text: 'Your account has been verified', action: null };
    case 'pending':
      return {
        tone: 'orange',
        label: 'Pending Approval',
        text: "Your verification is being reviewed. We'll notify you within 1-2 business days.",
        action: 'Update Verification',
      };
    case 'rejected':
      return {
        tone: 'red',
        label: 'Verification Failed',
        text: 'Your verification was declined. Please contact support or try again.',
        action: 'Retry Verification',
      };
    default:
      return { tone: 'grey', label: 'Not Verified', text: 'Your account is not verified', action: 'Verify Now' };
  }
}

const tones: Record<Tone, { ink: string; soft: string; icon: string }> = {
  green: { ink: '#0a7a4b', soft: '#e6f4ed', icon: 'M5 12.5l4.5 4.5L19 7.5' },
  orange: { ink: '#b54708', soft: '#fef0c7', icon: 'M12 7v5l3 2' },
  red: { ink: '#b42318', soft: '#fdecea', icon: 'M8 8l8 8M16 8l-8 8' },
  grey: { ink: '#55635b', soft: '#eef1ef', icon: 'M12 7.5v5.5M12 16.5v.5' },
};

export function VerificationStatusCard({ status, kind = 'identity' }: { status: string; kind?: VerificationKind }) {
  const titleId = useId();
  const { title, path } = cards[kind];
  const display = verificationDisplay(status, kind);
  const tone = tones[display.tone];
  return (
    <Card $ink={tone.ink} $soft={tone.soft} aria-labelledby={titleId}>
      <Top>
        <Icon aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24">
            <circle cx="12" cy="12" r="10" />
            <path d={tone.icon} />
          </svg>
        </Icon>
        <div>
          <Title id={titleId}>{title}</Title>
          <Label>{display.label}</Label>
        </div>
      </Top>
      <p>{display.text}</p>
      {/* Hidden while the shell declares no such screen: it would open the 404. */}
      {display.action && screenExists(path) ? (
        <ButtonLink to={path} $variant="secondary">
          {display.action}
        </ButtonLink>
      ) : null}
    </Card>
  );
}

const Card = styled.section<{ $ink: string; $soft: string }>`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ $ink }) => $ink};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $soft }) => $soft};

  --tone: ${({ $ink }) => $ink};

  > a { justify-self: start; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  color: var(--tone);

  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

const Title = styled.h2`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.muted};
`;

const Label = styled.p`
  font-size: 1.125rem;
  font-weight: 700;
  color: var(--tone);
`;
