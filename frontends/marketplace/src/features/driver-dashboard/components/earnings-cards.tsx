import type { DriverDashboard } from '@krom/contracts/http/rides';
import styled from 'styled-components';
import { formatMoney } from '@krom/contracts/money';

/** The spec's four earnings cards, each what passengers paid for seats on the driver's rides in that period. */
export function EarningsCards({ dashboard }: { dashboard: DriverDashboard }) {
  const periods = [
    { label: 'Today', amount: dashboard.earnings.today },
    { label: 'This week', amount: dashboard.earnings.thisWeek },
    { label: 'This month', amount: dashboard.earnings.thisMonth },
    { label: 'Last month', amount: dashboard.earnings.lastMonth },
  ];
  return (
    <Grid>
      {periods.map((period) => (
        <Card key={period.label} aria-label={period.label}>
          <span>{period.label}</span>
          <strong>{formatMoney(period.amount, dashboard.currency)}</strong>
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
