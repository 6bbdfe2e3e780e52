import type { DriverEarnings } from '@krom/contracts/http/payment-receipts';
import { formatMoney } from '@krom/contracts/money';
import styled from 'styled-components';

/** The spec's four earnings cards, each what was paid out to the driver in that period. */
export function EarningsCards({ earnings }: { earnings: DriverEarnings }) {
  const periods = [
    { label: 'Today', amount: earnings.today },
    { label: 'This week', amount: earnings.thisWeek },
    { label: 'This month', amount: earnings.thisMonth },
    { label: 'Last month', amount: earnings.lastMonth },
  ];
  return (
    <Grid>
      {periods.map((period) => (
        <Card key={period.label} aria-label={period.label}>
          <span>{period.label}</span>
          <strong>{formatMoney(period.amount, earnings.currency)}</strong>
        </Card>
      ))}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Card = styled.section`
  display: grid;
  gap: 4px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  min-width: 0;

  span { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
  strong { font-size: 1.25rem; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
`;
