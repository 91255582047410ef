import styles from './FullScreenLoader.module.css';

/**
 * Covers the page while the session is restored at start (docs/product.md#frame), so nobody sees the
 * signed-out top bar flash before their own. The animation is a nozzle printing layers.
 */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.printer} aria-hidden="true">
        <span className={styles.nozzle} />
        <span className={styles.layers}>
          <span />
          <span />
          <span />
          <span />
        </span>
        <span className={styles.bed} />
      </div>
      <p className={styles.label}>{label}</p>
    </div>
  );
}
