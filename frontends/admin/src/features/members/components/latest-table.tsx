import { ColumnHeads, DataTable, EmptyCell, TableScroll } from '@krom/ui-kit/data-table.tsx';
import type { ReactNode } from 'react';
import { Muted } from '../../../lib/staff-page.tsx';

/** "12 in all, the latest 10 below", or "3 in all". */
const countOf = (count: number, shown: number) => (count > shown ? `${count} in all, the latest ${shown} below` : `${count} in all`);

/** A section's list: how many in all, and a table of the latest with one row each (`empty` when there are none). */
export function LatestTable<T>({
  label,
  columns,
  empty,
  list,
  rowKey,
  cells,
}: {
  label: string;
  columns: readonly string[];
  empty: string;
  list: { count: number; latest: T[] };
  rowKey: (item: T) => string;
  cells: (item: T) => ReactNode[];
}) {
  return (
    <>
      <Muted>{countOf(list.count, list.latest.length)}</Muted>
      <TableScroll aria-label={label}>
        <DataTable>
          <ColumnHeads columns={columns} />
          <tbody>
            {list.latest.length === 0 ? (
              <tr>
                <EmptyCell colSpan={columns.length}>{empty}</EmptyCell>
              </tr>
            ) : (
              list.latest.map((item) => (
                <tr key={rowKey(item)}>
                  {cells(item).map((cell, index) => (
                    <td key={columns[index]} data-label={columns[index]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}
