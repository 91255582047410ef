import { IMAGE_ACCEPT, IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import button from '../../../app/styles/button.module.css';
import { coverImageProblem } from '../cover-image.ts';
import { useObjectUrl } from '../use-object-url.ts';
import styles from './CoverImagePicker.module.css';

type CoverImagePickerProps = {
  file: File | null;
  onChange(file: File | null): void;
  /** A problem of the form about the cover ('A cover image is required.'). */
  error?: string;
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * The collection's cover for the create form: images only (spec section 5), previewed from the
 * disk before anything is uploaded.
 */
export function CoverImagePicker({ file, onChange, error, buttonRef }: CoverImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [typeProblem, setTypeProblem] = useState<string | null>(null);
  const shown = typeProblem ?? error;

  const onSelect = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Lets the same file be chosen again after removing it.
    event.target.value = '';
    if (!chosen) return;
    const problem = coverImageProblem(chosen);
    setTypeProblem(problem);
    if (!problem) onChange(chosen);
  };

  return (
    <fieldset className={styles.picker} aria-describedby={shown ? `${id}-error` : `${id}-hint`}>
      <legend className={styles.legend}>Cover image</legend>
      <div className={styles.row}>
        <div className={styles.frame}>
          {preview ? (
            <img className={styles.preview} src={preview} alt="Preview of the chosen cover" />
          ) : (
            <span className={styles.empty}>No cover chosen</span>
          )}
        </div>
        <div className={styles.controls}>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Cover image"
            onChange={onSelect}
          />
          <div className={styles.buttons}>
            <button
              ref={buttonRef}
              type="button"
              className={`${button.base} ${button.secondary}`}
              onClick={() => inputRef.current?.click()}
            >
              {file ? 'Choose another cover' : 'Choose a cover'}
            </button>
            {file && (
              <button
                type="button"
                className={`${button.base} ${button.ghost}`}
                onClick={() => {
                  setTypeProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className={styles.hint}>
            {file ? file.name : `${IMAGE_TYPES_TEXT}. Shown at the top of the collection page.`}
          </p>
        </div>
      </div>
      <p id={`${id}-error`} className={styles.error} aria-live="polite">
        {shown}
      </p>
    </fieldset>
  );
}
