import styles from './TestModeBadge.module.css';

/**
 * Says plainly that this installation runs the payments sandbox: nothing on the seller's screens is
 * real money, so nobody mistakes test earnings or a test account for the real thing.
 */
export function TestModeBadge({ children }: { children?: string }) {
  return (
    <p className={styles.note}>
      <span className={styles.badge}>Test mode</span>
      <span>{children ?? 'Payments are simulated: no card is charged and no money is paid out.'}</span>
    </p>
  );
}
