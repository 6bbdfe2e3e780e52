import { searchSeatOptions } from '@krom/contracts/http/rides';
import styled from 'styled-components';

/** The spec's seats choice for a search: 1 to 4. */
export function SeatsSelect({
  value,
  onChange,
  ...control
}: {
  id: string;
  value: number;
  onChange: (seats: number) => void;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
}) {
  return (
    <Select {...control} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {searchSeatOptions.map((seats) => (
        <option key={seats} value={seats}>
          {seats}
        </option>
      ))}
    </Select>
  );
}

const Select = styled.select`
  width: 100%;
  min-height: 48px;
  padding: 0 40px 0 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background}
    url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%2355635b' stroke-width='2'/%3E%3C/svg%3E")
    no-repeat right 14px center;
  font-size: 1rem;
  appearance: none;

  &:focus { border-color: ${({ theme }) => theme.color.primary}; }
`;
