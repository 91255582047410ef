import { IMAGE_ACCEPT, IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { type ChangeEvent, useId, useRef } from 'react';
import button from '../../../app/styles/button.module.css';
import { useObjectUrl } from '../use-object-url.ts';
import { Avatar } from './Avatar.tsx';
import styles from './PicturePicker.module.css';

type PicturePickerProps = {
  /** The picture the profile has now (shown until another is chosen). */
  current: string | null;
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
  disabled?: boolean;
};

/** Chooses an optional profile picture and previews it before anything is uploaded. */
export function PicturePicker({ current, file, onChange, error, disabled }: PicturePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);

  const onSelect = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // Lets the same file be chosen again after removing it.
    event.target.value = '';
  };

  return (
    <fieldset className={styles.picker} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>
        Profile picture <span className={styles.optional}>(optional)</span>
      </legend>
      <div className={styles.row}>
        <Avatar src={preview ?? current} alt={file ? 'Preview of the chosen picture' : ''} size={88} />
        <div className={styles.controls}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            onChange={onSelect}
          />
          <div className={styles.buttons}>
            <button
              type="button"
              className={`${button.base} ${button.secondary}`}
              onClick={() => inputRef.current?.click()}
            >
              {file || current ? 'Choose another picture' : 'Choose a picture'}
            </button>
            {file && (
              <button
                type="button"
                className={`${button.base} ${button.ghost}`}
                onClick={() => onChange(null)}
              >
                Remove
              </button>
            )}
          </div>
          <p className={styles.hint}>{file ? file.name : `${IMAGE_TYPES_TEXT}, up to 10 MB.`}</p>
        </div>
      </div>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
