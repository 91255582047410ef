import { type HealthColour, healthColour } from './game-rules.ts';
import styles from './UnsubscribeGame.module.css';

const FILL: Record<HealthColour, string | undefined> = {
  green: styles.green,
  yellow: styles.yellow,
  red: styles.red,
};

/** A fighter's points as a bar (green above 50 %, yellow above 25 %, red otherwise) and in numbers. */
export function HealthBar(props: {
  /** Shown above the bar. */
  label: string;
  /** Names the bar for assistive technology. */
  name: string;
  current: number;
  max: number;
}) {
  const { label, name, current, max } = props;
  const colour = healthColour(current, max);
  const percent = max > 0 ? Math.round((current / max) * 100) : 0;
  return (
    <div className={styles.stat}>
      <div className={styles.statHead}>
        <span>{label}</span>
        <span>
          {current}/{max}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={current}
        aria-valuetext={`${current} of ${max}`}
        className={styles.bar}
        data-colour={colour}
      >
        <div className={`${styles.fill} ${FILL[colour]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
