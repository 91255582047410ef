import type { InputHTMLAttributes, Ref } from 'react';
import styles from './Choice.module.css';

type ChoiceCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'title'> & {
  title: string;
  hint: string;
  ref?: Ref<HTMLInputElement>;
};

/** One option of a radio group, as a card with a title and a line of explanation. */
export function ChoiceCard({ title, hint, ref, ...input }: ChoiceCardProps) {
  return (
    <label className={styles.card}>
      <input {...input} ref={ref} type="radio" />
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
    </label>
  );
}
