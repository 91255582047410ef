import type { ReactNode } from 'react';
import styles from './CardGrid.module.css';

type CardGridProps = {
  /** Names the list for screen readers, when no heading does. */
  label?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** True while the cards are the previous page's, shown dimmed until the next page is there. */
  stale?: boolean;
  /** Placeholders stand for nothing, so they are hidden from screen readers. */
  placeholder?: boolean;
  /** One <li> a card. */
  children: ReactNode;
};

/** The app's list of cards (designs, collections): 1 to 4 columns as the width allows. */
export function CardGrid({ label, labelledBy, stale, placeholder, children }: CardGridProps) {
  return (
    <ul
      className={`${styles.grid} ${stale ? styles.stale : ''}`}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={stale}
      aria-hidden={placeholder || undefined}
    >
      {children}
    </ul>
  );
}
