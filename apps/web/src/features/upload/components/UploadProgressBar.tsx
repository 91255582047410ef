import type { UploadProgress } from '@/features/upload/api/upload-design.ts';
import styles from './UploadProgressBar.module.css';

/** How much of the upload has gone out; at 100 % the server is still storing and analysing the files. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { percent, sent } = progress;
  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <p className={styles.label} role="status">
          {sent ? 'Processing your files...' : 'Uploading files...'}
        </p>
        <span className={styles.percent}>{percent}%</span>
      </div>
      <progress className={styles.bar} max={100} value={percent} aria-label="Upload progress" />
    </div>
  );
}
