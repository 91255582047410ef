import styles from './SortSelect.module.css';

type SortSelectProps<Sort extends string> = {
  /** Names the dropdown for screen readers; the chosen order shows what it does. */
  label: string;
  value: Sort;
  options: readonly { value: Sort; label: string }[];
  onChange(value: Sort): void;
};

/** The order of a list of designs, as a dropdown beside the list's heading. */
export function SortSelect<Sort extends string>({ label, value, options, onChange }: SortSelectProps<Sort>) {
  return (
    <label className={styles.sort}>
      <span className="visually-hidden">{label}</span>
      <select
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as Sort)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
