import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useCallback } from 'react';
import { downloadTextFile } from './download-text-file.ts';

/** Export CSV: refuses with the spec's message when there is nothing to export. */
export function useExportWaitlist() {
  const { toast } = useToast();
  return useCallback(
    async (signups: WaitlistSignup[]) => {
      if (signups.length === 0) {
        toast({
          variant: 'destructive',
          title: 'No data to export',
          description: 'There are no waitlist signups to export',
        });
        return;
      }
      // The CSV code (and papaparse) download only when someone exports.
      const { buildWaitlistCsv, waitlistCsvFileName } = await import('./waitlist-csv.ts');
      downloadTextFile(waitlistCsvFileName(new Date()), buildWaitlistCsv(signups), 'text/csv;charset=utf-8');
      toast({ title: 'Export successful', description: 'Waitlist data has been downloaded as CSV' });
    },
    [toast],
  );
}
