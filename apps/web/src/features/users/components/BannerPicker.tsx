import { IMAGE_ACCEPT, IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { type ChangeEvent, useId, useRef } from 'react';
import button from '../../../app/styles/button.module.css';
import { mediaUrl } from '../../../lib/media.ts';
import { useObjectUrl } from '../use-object-url.ts';
import styles from './BannerPicker.module.css';

type BannerPickerProps = {
  /** The banner the profile has now (shown until another is chosen). */
  current: string | null;
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
  disabled?: boolean;
};

/** Chooses an optional profile banner and previews it, in the banner's wide shape, before upload. */
export function BannerPicker({ current, file, onChange, error, disabled }: BannerPickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? mediaUrl(current, '');

  const onSelect = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // Lets the same file be chosen again after removing it.
    event.target.value = '';
  };

  return (
    <fieldset className={styles.picker} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>
        Banner image <span className={styles.optional}>(optional)</span>
      </legend>
      {/* Without a banner of their own, people see the profile's default gradient. */}
      <div className={styles.preview}>
        {shown && <img src={shown} alt={file ? 'Preview of the chosen banner' : 'Current banner'} />}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        aria-label="Banner image file"
        onChange={onSelect}
      />
      <div className={styles.buttons}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={() => inputRef.current?.click()}
        >
          {file || current ? 'Choose another banner' : 'Choose a banner'}
        </button>
        {file && (
          <button type="button" className={`${button.base} ${button.ghost}`} onClick={() => onChange(null)}>
            Remove
          </button>
        )}
        <span className={styles.hint}>
          {file ? file.name : `${IMAGE_TYPES_TEXT}, up to 10 MB; shown wide.`}
        </span>
      </div>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
