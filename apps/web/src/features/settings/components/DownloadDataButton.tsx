import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useDataExportMutation } from '@/features/settings/api/export-data.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import button from '@/styles/button.module.css';
import styles from './SettingsForms.module.css';

const FAILED_DOWNLOAD = 'Failed to download your data';

/**
 * Settings > Your data: fetches the account's export with the session token (a plain link could not
 * send it) and saves it under the name the server gave.
 */
export function DownloadDataButton() {
  const dataExport = useDataExportMutation();
  const download = () =>
    dataExport.mutate(undefined, { onSuccess: ({ file, fileName }) => saveBlob(file, fileName) });

  return (
    <>
      <FormAlert tone="error">
        {dataExport.isError && errorMessage(dataExport.error, FAILED_DOWNLOAD)}
      </FormAlert>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={download}
          disabled={dataExport.isPending}
          aria-busy={dataExport.isPending}
        >
          {dataExport.isPending ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
    </>
  );
}
