import { exportData } from '@krom/contracts/api-routes';
import type { DataExport } from '@krom/contracts/http/data-export';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Everything Krom keeps about the signed-in member, as the download file holds it. */
export async function downloadMyData(): Promise<DataExport> {
  return callEndpoint(exportData);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
