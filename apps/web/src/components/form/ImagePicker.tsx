import { IMAGE_ACCEPT } from '@printmarket/shared/constants';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar.tsx';
import { mediaUrl } from '@/lib/media.ts';
import { useObjectUrl } from '@/lib/use-object-url.ts';
import button from '@/styles/button.module.css';
import group from './Fieldset.module.css';
import styles from './ImagePicker.module.css';

type ImagePickerProps = {
  /** Names the group: 'Profile picture', 'Banner image', 'Cover image'. */
  legend: string;
  /** Marks the legend '(optional)'. */
  optional?: boolean;
  /** Replaces the legend's look, for a picker that heads a form section. */
  legendClassName?: string;
  /** What the image is called on the buttons and in the preview's text: 'picture', 'banner'. */
  noun: string;
  /**
   * The preview, in the shape the image is shown in later: a round avatar, a wide banner (4:1,
   * over the whole row) or a card cover (4:3).
   */
  shape: 'avatar' | 'banner' | 'cover';
  /** The image saved now, shown until another is chosen. */
  current?: string | null;
  /** Names the current image for screen readers; empty where it only decorates. */
  currentAlt?: string;
  /** Shown in the preview while there is no image at all. */
  emptyText?: string;
  /** Under the buttons while no file is chosen (the types and sizes taken). */
  hint: string;
  /** Names the hidden file input (tests and assistive technology can reach it). */
  inputLabel?: string;
  file: File | null;
  onChange(file: File | null): void;
  /** Turns a chosen file away with the reason it gives (e.g. not an image); null takes it. */
  check?(file: File): string | null;
  error?: string | null;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
};

/** Chooses an image and previews it from the disk, in its final shape, before anything is uploaded. */
export function ImagePicker(props: ImagePickerProps) {
  const { legend, optional, legendClassName, noun, hint, file, onChange, check, error } = props;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [refused, setRefused] = useState<string | null>(null);
  const problem = refused ?? error;

  const onSelect = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Lets the same file be chosen again after removing it.
    event.target.value = '';
    if (!check) {
      onChange(chosen);
      return;
    }
    if (!chosen) return;
    const reason = check(chosen);
    setRefused(reason);
    if (!reason) onChange(chosen);
  };

  const remove = () => {
    setRefused(null);
    onChange(null);
  };

  return (
    <fieldset
      className={group.fieldset}
      disabled={props.disabled}
      aria-describedby={problem ? `${id}-error` : `${id}-hint`}
    >
      <legend className={legendClassName ?? group.legend}>
        {legend}
        {optional && <span className={group.note}> (optional)</span>}
      </legend>
      <div className={styles.row}>
        <Preview {...props} preview={preview} />
        <div className={styles.controls}>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            // The button below opens it; a second, invisible tab stop would only confuse.
            tabIndex={-1}
            aria-label={props.inputLabel}
            onChange={onSelect}
          />
          <div className={styles.buttons}>
            <button
              ref={props.buttonRef}
              type="button"
              className={`${button.base} ${button.secondary}`}
              onClick={() => inputRef.current?.click()}
            >
              {file || props.current ? `Choose another ${noun}` : `Choose a ${noun}`}
            </button>
            {file && (
              <button type="button" className={`${button.base} ${button.ghost}`} onClick={remove}>
                Remove
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className={styles.hint}>
            {file ? file.name : hint}
          </p>
        </div>
      </div>
      <p id={`${id}-error`} className={styles.error} aria-live="polite">
        {problem}
      </p>
    </fieldset>
  );
}

function Preview({
  shape,
  noun,
  file,
  current,
  currentAlt = '',
  emptyText,
  preview,
}: ImagePickerProps & { preview: string | null }) {
  const alt = file ? `Preview of the chosen ${noun}` : currentAlt;
  // Without a picture of their own, people see the placeholder avatar.
  if (shape === 'avatar')
    return <Avatar src={preview ?? current} alt={alt} size={88} className={styles.avatar} />;
  const shown = preview ?? mediaUrl(current, '');
  return (
    <div className={`${styles.frame} ${styles[shape]}`}>
      {shown ? <img src={shown} alt={alt} /> : emptyText && <span className={styles.empty}>{emptyText}</span>}
    </div>
  );
}
