import { UPLOAD_STEPS, type UploadStep } from '@/features/upload/upload-form.ts';
import styles from './StepIndicator.module.css';

/** Where the person is in the wizard: the three steps, the current one marked for screen readers. */
export function StepIndicator({ current }: { current: UploadStep }) {
  return (
    <ol className={styles.steps} aria-label="Upload steps">
      {UPLOAD_STEPS.map((title, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li
            key={title}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.number} aria-hidden="true">
              {state === 'done' ? '✓' : step}
            </span>
            <span className={styles.title}>
              <span className="visually-hidden">
                {`Step ${step} of ${UPLOAD_STEPS.length}${state === 'done' ? ', done' : ''}: `}
              </span>
              {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
