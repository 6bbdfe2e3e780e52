import { formatCedis } from '@krom/contracts/money';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import styled from 'styled-components';
import type { LegRow } from '../legs.ts';
import { wizardTexts } from '../wizard-texts.ts';

/**
 * Step 3's prices for part of the route: each leg that starts or ends at a stop, with the price
 * its share of the route gives it, and a field for the driver's own (empty: the suggested one).
 */
export function LegPricesFields({
  rows,
  prices,
  problems,
  onPriceChange,
}: {
  rows: readonly LegRow[];
  prices: Record<string, string>;
  problems: Record<string, string>;
  onPriceChange: (key: string, price: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <Legs>
      <legend>{wizardTexts.legPricesTitle}</legend>
      <p>{wizardTexts.legPricesLead}</p>
      {rows.map((row) => (
        <TextField
          key={row.key}
          label={`${row.from} → ${row.to}`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder={row.suggested}
          hint={row.suggested ? wizardTexts.legSuggested(formatCedis(row.suggested)) : undefined}
          error={problems[row.key]}
          value={prices[row.key] ?? ''}
          onValueChange={(price) => onPriceChange(row.key, price)}
        />
      ))}
    </Legs>
  );
}

const Legs = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend { margin-bottom: 4px; padding: 0; font-size: 0.9375rem; font-weight: 600; }
  > p { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }

  @media (min-width: 560px) {
    grid-template-columns: 1fr 1fr;
    legend, > p { grid-column: 1 / -1; }
  }
`;
