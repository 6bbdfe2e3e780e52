import { dataExportFileName, dataExportTexts } from '@krom/contracts/http/data-export-values';
import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';
import { SettingsCard } from './settings-card.tsx';

/** Hands the browser `text` as a file to save under `name`. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL only holds memory after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The member's data download (the privacy notice points here): fetched through the session, so
 * a failure (signed out, too many downloads) is told in a toast rather than saved as a file.
 */
export function DataDownloadSection() {
  const { toastFailure } = useToast();
  const download = useDownloadMyData();

  const onDownload = () => {
    download.mutate(undefined, {
      onSuccess: (file) => saveFile(dataExportFileName(new Date(file.exportedAt)), `${JSON.stringify(file, null, 2)}\n`),
      onError: toastFailure('Error', dataExportTexts.failed),
    });
  };

  return (
    <SettingsCard title={dataExportTexts.heading} description={dataExportTexts.explanation}>
      <div>
        <Button $variant="secondary" disabled={download.isPending} onClick={onDownload}>
          {download.isPending ? dataExportTexts.preparing : dataExportTexts.button}
        </Button>
      </div>
    </SettingsCard>
  );
}
