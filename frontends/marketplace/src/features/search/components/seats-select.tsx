import { searchSeatOptions } from '@krom/contracts/http/ride-values';
import { Select } from '@krom/ui-kit/select.tsx';

/** The spec's seats choice for a search: 1 to 4. */
export function SeatsSelect({ label, value, onChange }: { label: string; value: number; onChange: (seats: number) => void }) {
  return <Select label={label} options={searchSeatOptions} value={value} onValueChange={(seats) => onChange(Number(seats))} />;
}
