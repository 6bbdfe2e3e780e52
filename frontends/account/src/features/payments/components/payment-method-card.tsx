import type { PaymentMethod } from '@krom/contracts/http/payments';
import { Button } from '@krom/ui-kit/button.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import styled from 'styled-components';
import { providerNames } from '../format-payment.ts';
import { ConfirmNumber } from './confirm-number.tsx';

const networkColours: Record<PaymentMethod['provider'], { ink: string; soft: string }> = {
  mtn: { ink: '#5c4400', soft: '#ffe680' },
  vodafone: { ink: '#ffffff', soft: '#d3212d' },
  airteltigo: { ink: '#ffffff', soft: '#1f3f8f' },
};

/** A saved number as the server shows it (masked), with what can be done to it. */
export function PaymentMethodCard({
  method,
  busy,
  onEdit,
  onMakeDefault,
  onRemove,
}: {
  method: PaymentMethod;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const name = providerNames[method.provider];
  const colours = networkColours[method.provider];
  return (
    <Card aria-label={`${name} ${method.number}`}>
      <Top>
        <Network $ink={colours.ink} $soft={colours.soft} aria-hidden="true">
          {name.slice(0, 1)}
        </Network>
        <div>
          <Name>
            {name} Mobile Money {method.isDefault ? <StatusBadge tone="success">Default</StatusBadge> : null}
          </Name>
          <NumberText>{method.number}</NumberText>
          {/* Payouts go only to a confirmed number: the holder typed the code texted to it. */}
          {method.verified ? <StatusBadge tone="success">Confirmed</StatusBadge> : <StatusBadge tone="warning">Not confirmed</StatusBadge>}
          {method.verified ? null : <Hint>Confirm this number to receive payouts to it.</Hint>}
        </div>
      </Top>
      {/* Keyed by number: an edited number starts its confirmation afresh. */}
      {method.verified ? null : <ConfirmNumber key={method.number} method={method} />}
      <Actions>
        <Button $variant="secondary" disabled={busy} onClick={onEdit}>
          Edit
        </Button>
        {method.isDefault ? null : (
          <Button $variant="secondary" disabled={busy} onClick={onMakeDefault}>
            Set as default
          </Button>
        )}
        <Button $variant="ghost" disabled={busy} onClick={onRemove}>
          Remove
        </Button>
      </Actions>
    </Card>
  );
}

const Card = styled.article`
  display: grid;
  gap: 12px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
`;

const Network = styled.span<{ $ink: string; $soft: string }>`
  display: grid;
  place-items: center;
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $soft }) => $soft};
  color: ${({ $ink }) => $ink};
  font-weight: 800;
`;

const Name = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-weight: 700;
`;

const Hint = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.875rem;
`;

const NumberText = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.02em;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;

  button { min-height: 40px; padding: 0 10px; font-size: 0.9375rem; }
`;
