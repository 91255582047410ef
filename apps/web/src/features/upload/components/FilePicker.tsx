import { UPLOAD_MSG } from '@printmarket/shared/uploads';
import { type ChangeEvent, type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  formatFileSize,
  type PickedFile,
  rejectedNote,
  splitByExtension,
} from '@/features/upload/file-selection.ts';
import button from '@/styles/button.module.css';
import styles from './FilePicker.module.css';
import { CloseIcon, CubeIcon, UploadCloudIcon } from './icons.tsx';

type FilePickerProps = {
  title: string;
  /** Shown under the title: what goes here. */
  description: ReactNode;
  /** The names this picker keeps ('.stl'); other files are dropped with a note. */
  extensions: readonly string[];
  /** What the note calls the accepted kind: 'STL', 'PNG, JPG, JPEG, GIF or BMP'. */
  kindLabel: string;
  chooseLabel: string;
  files: readonly PickedFile[];
  onAdd(files: File[]): void;
  onRemove(id: string): void;
  /** Photos show a thumbnail; models an icon. */
  thumbnails?: boolean;
};

/**
 * One list of files of the wizard: a drop zone with a "choose" button (the file input itself is
 * hidden), then the chosen files, each with its size and its own Remove button.
 */
export function FilePicker({
  title,
  description,
  extensions,
  kindLabel,
  chooseLabel,
  files,
  onAdd,
  onRemove,
  thumbnails = false,
}: FilePickerProps) {
  const titleId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [note, setNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  // After a removal, where the keyboard focus goes: the next file's Remove button, else "choose".
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const target = buttons?.[Math.min(index, buttons.length - 1)] ?? chooseRef.current;
    target?.focus();
  });

  const take = (chosen: File[]) => {
    if (chosen.length === 0) {
      window.alert(UPLOAD_MSG.noFilesSelected);
      return;
    }
    const { accepted, rejected } = splitByExtension(chosen, extensions);
    setNote(rejectedNote(rejected, kindLabel));
    if (accepted.length > 0) onAdd(accepted);
  };

  const onSelect = (event: ChangeEvent<HTMLInputElement>) => {
    take([...(event.target.files ?? [])]);
    // Lets the same file be chosen again after it was removed.
    event.target.value = '';
  };

  const onDragEnter = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    take([...event.dataTransfer.files]);
  };

  return (
    <section className={styles.picker} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          {title}
          {files.length > 0 && <span className={styles.count}>{files.length}</span>}
        </h3>
        <p className={styles.description}>{description}</p>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button inside does the same for everyone. */}
      <div
        className={`${styles.zone} ${dragging ? styles.dragging : ''}`}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <span className={styles.zoneIcon}>
          <UploadCloudIcon size={28} />
        </span>
        <p className={styles.zoneText}>
          <span className={styles.dropText}>Drag and drop files here, or</span>
        </p>
        <button
          ref={chooseRef}
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={() => inputRef.current?.click()}
          aria-describedby={note ? noteId : undefined}
        >
          {chooseLabel}
        </button>
        <p className={styles.accepts}>{extensions.join(' ')}</p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={extensions.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={title}
          onChange={onSelect}
        />
      </div>
      <p id={noteId} className={styles.note} aria-live="polite">
        {note}
      </p>
      {files.length > 0 && (
        <ul
          ref={listRef}
          className={thumbnails ? styles.gallery : styles.list}
          aria-label={`Chosen ${title.toLowerCase()}`}
        >
          {files.map(({ id, file }, index) => (
            <li key={id} className={thumbnails ? styles.card : styles.item}>
              {thumbnails ? (
                <Thumbnail file={file} />
              ) : (
                <span className={styles.fileIcon}>
                  <CubeIcon />
                </span>
              )}
              <span className={styles.fileText}>
                <span className={styles.fileName} title={file.name}>
                  {file.name}
                </span>
                <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
              </span>
              <button
                type="button"
                data-remove
                className={`${button.icon} ${styles.remove}`}
                aria-label={`Remove ${file.name}`}
                title="Remove"
                onClick={() => {
                  focusAfterRemoval.current = index;
                  onRemove(id);
                }}
              >
                <CloseIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A photo's preview from the local file, its object URL released when it goes. */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return <span className={styles.thumb}>{url && <img src={url} alt="" decoding="async" />}</span>;
}
