import { formatDayInGhana } from '@krom/contracts/ghana-time';
import type { DriverEarnings } from '@krom/contracts/http/payment-receipts';
import { formatMoney, toPesewas } from '@krom/contracts/money';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/ride-card.tsx';

const CHART_HEIGHT = 100;
const BAR_WIDTH = 14;
const BAR_GAP = 6;
/** A week with nothing paid out still shows a sliver, so the week is seen to be there. */
const EMPTY_BAR = 1;

/** `22 Nov` from a week's first day (yyyy-MM-dd). */
const shortDay = (date: string) => formatDayInGhana(`${date}T00:00:00Z`).replace(/ \d{4}$/, '');

/**
 * What was paid out each of the last 12 weeks, as bars, oldest on the left. The drawing is for the
 * eye; a screen reader reads the same figures from the table under it, week by week.
 */
export function EarningsChart({ earnings }: { earnings: DriverEarnings }) {
  const amounts = earnings.weeks.map((week) => toPesewas(week.amount));
  const highest = Math.max(...amounts, 0);
  const width = earnings.weeks.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
  const first = earnings.weeks[0];
  const last = earnings.weeks.at(-1);
  return (
    <Figure aria-labelledby="earnings-chart-caption">
      <figcaption id="earnings-chart-caption">Paid out in the last 12 weeks</figcaption>
      <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {earnings.weeks.map((week, index) => {
          const amount = amounts[index] ?? 0;
          const height = highest === 0 || amount === 0 ? EMPTY_BAR : Math.max(EMPTY_BAR, (amount / highest) * CHART_HEIGHT);
          return (
            <rect
              key={week.weekStart}
              data-week={week.weekStart}
              x={index * (BAR_WIDTH + BAR_GAP)}
              y={CHART_HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              rx={2}
            />
          );
        })}
      </svg>
      {first && last ? (
        <Axis aria-hidden="true">
          <span>{shortDay(first.weekStart)}</span>
          <span>{shortDay(last.weekStart)}</span>
        </Axis>
      ) : null}
      <VisuallyHidden>
        <table>
          <caption>Paid out per week</caption>
          <thead>
            <tr>
              <th scope="col">Week from</th>
              <th scope="col">Paid out</th>
            </tr>
          </thead>
          <tbody>
            {earnings.weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatDayInGhana(`${week.weekStart}T00:00:00Z`)}</th>
                <td>{formatMoney(week.amount, earnings.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Figure>
  );
}

const Figure = styled.figure`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  figcaption { font-size: 0.875rem; font-weight: 600; }
  svg { width: 100%; height: 120px; display: block; }
  rect { fill: ${({ theme }) => theme.color.primary}; }
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.muted};
`;
