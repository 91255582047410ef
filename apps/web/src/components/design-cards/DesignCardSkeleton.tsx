import styles from './DesignCardSkeleton.module.css';

/** The outline of a design card while the first page loads; same size, so nothing jumps after. */
export function DesignCardSkeleton() {
  return (
    <div className={styles.card}>
      <div className={styles.media} />
      <div className={styles.body}>
        <div className={`${styles.bar} ${styles.title}`} />
        <div className={`${styles.bar} ${styles.creator}`} />
        <div className={styles.bar} />
        <div className={`${styles.bar} ${styles.short}`} />
      </div>
    </div>
  );
}
