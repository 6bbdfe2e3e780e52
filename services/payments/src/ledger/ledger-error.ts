/**
 * An entry the ledger refuses (unbalanced, empty, a fraction of a pesewa, a reference reused for
 * different money). The same entry is refused the same way every time: a caller must not retry it.
 */
export class LedgerError extends Error {
  override name = 'LedgerError';
}
