import type { DesignDetail, DesignDetailFile } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/Icon.tsx';
import { FAILED_DOWNLOAD_DESIGN } from '@/features/designs/api/download-all.ts';
import { fetchDownloadUrl } from '@/features/designs/api/get-download-url.ts';
import { designKeys } from '@/features/designs/api/keys.ts';
import { formatFileSize, modelLabel } from '@/features/designs/model-facts.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './DesignSections.module.css';

export const FILE_SIGN_IN = 'You need to be signed in to download this file.';

/**
 * The design's files with a Download button each. Downloads are offered when the design is free or
 * the viewer has access (the server checks again); visitors are asked to sign in first. A design in
 * a collection (one the viewer may see) is downloaded from the collection instead
 * (docs/product.md#design-page).
 */
export function DesignFileList({ design, signedIn }: { design: DesignDetail; signedIn: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const offerDownloads = design.canDownload || (!design.isPaid && !signedIn);
  const collection = design.collection;

  const download = async (file: DesignDetailFile) => {
    if (!signedIn) {
      window.alert(FILE_SIGN_IN);
      return;
    }
    setBusy(file._id);
    try {
      const url = await fetchDownloadUrl(file._id);
      // The link answers with Content-Disposition: attachment, so the page stays where it is.
      window.location.assign(url);
      // The server counted the download when it handed out the link: show the new count.
      void queryClient.invalidateQueries({ queryKey: designKeys.details });
    } catch (error) {
      console.error(FAILED_DOWNLOAD_DESIGN, error);
      window.alert(errorMessage(error, FAILED_DOWNLOAD_DESIGN));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="design-files-heading">
      <h2 id="design-files-heading" className={styles.sectionHeading}>
        Files
      </h2>
      {collection && (
        <p className={styles.muted}>
          (downloads available in collection){' '}
          <Link to={paths.collection(collection.id)}>Go to {collection.name}</Link>
        </p>
      )}
      <ul className={styles.files}>
        {design.files.map((file) => (
          <li key={file._id} className={styles.file}>
            <span className={styles.fileIcon} aria-hidden="true">
              {file.type === 'stl' ? <ModelIcon /> : <PhotoIcon />}
            </span>
            <span className={styles.fileText}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.fileMeta}>
                {file.type === 'stl' ? modelLabel(file.name) : 'Image'}
                {file.sizeBytes > 0 && ` · ${formatFileSize(file.sizeBytes)}`}
              </span>
            </span>
            {offerDownloads && !collection && (
              <button
                type="button"
                className={`${button.base} ${button.secondary} ${styles.fileButton}`}
                onClick={() => void download(file)}
                disabled={busy === file._id}
              >
                <DownloadIcon />
                <span className={styles.fileButtonText}>Download</span>
                <span className="visually-hidden"> {file.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DownloadIcon() {
  return (
    <Icon size={16}>
      <path d="M12 4v11" />
      <path d="m7 10 5 5 5-5" />
      <path d="M4 20h16" />
    </Icon>
  );
}

function ModelIcon() {
  return (
    <Icon size={20}>
      <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="m4 7.5 8 4.5 8-4.5" />
      <path d="M12 12v9" />
    </Icon>
  );
}

function PhotoIcon() {
  return (
    <Icon size={20}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </Icon>
  );
}
