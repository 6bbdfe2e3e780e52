import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import Papa from 'papaparse';
import { formatDateTime } from '../../lib/format-date-time.ts';

export const waitlistCsvColumns = ['Name', 'Email', 'Phone', 'Joined Date'] as const;

/**
 * The export file: a header row and one row per signup, every value quoted. Cells that a
 * spreadsheet would run as a formula (a name typed as "=..." on the public form) are defused.
 */
export function buildWaitlistCsv(signups: WaitlistSignup[], options: { timeZone?: string } = {}): string {
  return Papa.unparse(
    {
      fields: [...waitlistCsvColumns],
      data: signups.map((signup) => [
        signup.name,
        signup.email,
        signup.phone,
        formatDateTime(signup.createdAt, options.timeZone),
      ]),
    },
    { quotes: true, escapeFormulae: true },
  );
}

/** waitlist-YYYY-MM-DD.csv with the admin's current local date. */
export function waitlistCsvFileName(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `waitlist-${now.getFullYear()}-${month}-${day}.csv`;
}
