import type { DesignDetail } from '@printmarket/shared/types';
import { acceptFor } from '@/features/designs/edit-files.ts';
import { formatFileSize, modelLabel } from '@/features/designs/model-facts.ts';
import styles from '@/features/designs/routes/EditDesignPage.module.css';
import type { EditFiles } from '@/features/designs/use-edit-files.ts';
import button from '@/styles/button.module.css';

type EditDesignFilesProps = {
  existing: DesignDetail['files'];
  files: EditFiles;
  disabled: boolean;
};

/** The edit screen's Files group: tick existing files to remove, add models and photos. */
export function EditDesignFiles({ existing, files, disabled }: EditDesignFilesProps) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>Files</legend>
      <p className={styles.hint}>Tick a file to remove it when you save.</p>
      <ul className={styles.fileList}>
        {existing.map((file) => {
          const marked = files.removed.has(file._id);
          return (
            <li key={file._id} className={`${styles.fileRow} ${marked ? styles.marked : ''}`}>
              <span className={styles.fileName}>
                <span className={styles.nameText}>{file.name}</span>
                <span className={styles.fileMeta}>
                  {file.type === 'stl' ? modelLabel(file.name) : 'Image'}
                  {file.sizeBytes > 0 && ` · ${formatFileSize(file.sizeBytes)}`}
                  {marked && ' · will be removed'}
                </span>
              </span>
              <label className={styles.check}>
                <input type="checkbox" checked={marked} onChange={() => files.toggleRemoved(file._id)} />
                Remove<span className="visually-hidden"> {file.name}</span>
              </label>
            </li>
          );
        })}
      </ul>

      <div className={styles.pickers}>
        <label className={`${button.base} ${button.secondary} ${styles.picker}`}>
          Add model files
          <input
            type="file"
            className="visually-hidden"
            accept={acceptFor('stl')}
            multiple
            onChange={files.pick('stl')}
          />
        </label>
        <label className={`${button.base} ${button.secondary} ${styles.picker}`}>
          Add photos
          <input
            type="file"
            className="visually-hidden"
            accept={acceptFor('image')}
            multiple
            onChange={files.pick('image')}
          />
        </label>
      </div>
      {files.added.length > 0 && (
        <ul className={styles.fileList} aria-label="New files">
          {files.added.map((pickItem) => (
            <li key={pickItem.key} className={styles.fileRow}>
              <span className={styles.fileName}>
                {pickItem.file.name}
                <span className={styles.fileMeta}>
                  New {pickItem.kind === 'stl' ? modelLabel(pickItem.file.name) : 'image'} ·{' '}
                  {formatFileSize(pickItem.file.size)}
                </span>
              </span>
              <button
                type="button"
                className={`${button.base} ${button.ghost}`}
                onClick={() => files.unpick(pickItem.key)}
              >
                Remove<span className="visually-hidden"> {pickItem.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.error} aria-live="polite">
        {files.error}
      </p>
    </fieldset>
  );
}
