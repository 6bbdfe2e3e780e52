import styled from 'styled-components';

/** Heading row of a panel: title on the left, actions on the right, wrapping on a phone. */
export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

export const PanelTitle = styled.h2`
  font-size: 1.25rem;
`;

/**
 * Holds a table. From a tablet up, a table wider than its box scrolls sideways inside it: a
 * shadow on the side that has more columns says so (covers that scroll with the content hide it
 * at either end), the scrollbar stays visible, and the keyboard can scroll it once it has focus.
 */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  -webkit-overflow-scrolling: touch;
  scrollbar-width: thin;
  scrollbar-color: ${({ theme }) => `${theme.color.muted} ${theme.color.surface}`};
  background:
    linear-gradient(to right, ${({ theme }) => theme.color.background} 40%, transparent) left center / 48px 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.color.background} 40%, transparent) right center / 48px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(22, 33, 27, 0.28), transparent) left center / 16px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(22, 33, 27, 0.28), transparent) right center / 16px 100% no-repeat scroll;
  background-color: ${({ theme }) => theme.color.background};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/**
 * A staff table. On a phone each row is a card, each cell under its column's name (the cell's
 * `data-label`): scrolled sideways, the dates and the last columns were off a 360 px screen.
 * From a tablet up it is a table again.
 */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;

  thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  tbody, tr, td { display: block; }
  tr {
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  td {
    display: grid;
    grid-template-columns: minmax(5.5rem, 35%) minmax(0, 1fr);
    gap: 8px;
    padding: 6px 14px;
    overflow-wrap: anywhere;
  }
  td[data-label]::before {
    content: attr(data-label);
    font-size: 0.8125rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
  }
  th {
    background: ${({ theme }) => theme.color.surface};
    font-size: 0.8125rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
  }
  tbody tr:last-child { border-bottom: 0; }

  ${({ theme }) => theme.media.md} {
    min-width: 560px;

    thead { position: static; width: auto; height: auto; overflow: visible; clip: auto; display: table-header-group; }
    tbody { display: table-row-group; }
    tr { display: table-row; padding: 0; border-bottom: 0; }
    td { display: table-cell; }
    td[data-label]::before { content: none; }
    th, td {
      padding: 12px 14px;
      text-align: left;
      border-bottom: 1px solid ${({ theme }) => theme.color.border};
      white-space: nowrap;
      overflow-wrap: normal;
    }
    tbody tr:last-child td { border-bottom: 0; }
  }
`;

export const EmptyCell = styled.td`
  && {
    display: block;
    padding: 32px 14px;
    text-align: center;
    color: ${({ theme }) => theme.color.muted};
  }
  ${({ theme }) => theme.media.md} {
    && { display: table-cell; }
  }
`;

/** A table's heading row: one column heading per name, in order. */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
