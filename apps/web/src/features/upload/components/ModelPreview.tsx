import { useMemo, useState } from 'react';
import { ModelViewer } from '@/components/model-viewer/ModelViewer.tsx';
import { modelKindOfName } from '@/components/model-viewer/model-kind.ts';
import type { ViewerModels } from '@/components/model-viewer/viewer-models.ts';
import { cycleIndex, type PickedFile } from '@/features/upload/file-selection.ts';
import button from '@/styles/button.module.css';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import styles from './ModelPreview.module.css';

/**
 * The chosen model files (STL, 3MF or OBJ, by their extension) in 3D, straight from the local files
 * (nothing is uploaded yet), one at a time with Previous and Next cycling through them.
 */
export function ModelPreview({ files }: { files: readonly PickedFile[] }) {
  const [shownId, setShownId] = useState<string | null>(null);
  // The shown file stays shown while others are added or removed; when it goes, the first one shows.
  const found = files.findIndex((picked) => picked.id === shownId);
  const index = found === -1 ? 0 : found;
  const current = files[index];
  const file = current?.file;
  const models = useMemo<ViewerModels | null>(
    () =>
      file ? { preview: null, full: { kind: 'file', file, modelKind: modelKindOfName(file.name) } } : null,
    [file],
  );

  if (!current || !models) return null;
  const move = (step: number) => setShownId(files[cycleIndex(index, step, files.length)]?.id ?? null);
  const many = files.length > 1;

  return (
    <section className={styles.preview} aria-labelledby="model-preview-title">
      <div className={styles.head}>
        <h3 id="model-preview-title" className={styles.title}>
          3D preview
        </h3>
        <p className={styles.caption} aria-live="polite">
          {many && <span className={styles.position}>{`Model ${index + 1} of ${files.length}: `}</span>}
          <span className={styles.name}>{current.file.name}</span>
        </p>
      </div>
      <ModelViewer models={models} label={current.file.name} height="clamp(260px, 62vw, 440px)" />
      {many && (
        <div className={styles.nav}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            onClick={() => move(-1)}
            aria-label="Previous model"
          >
            <ChevronLeftIcon size={18} />
            Previous
          </button>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            onClick={() => move(1)}
            aria-label="Next model"
          >
            Next
            <ChevronRightIcon size={18} />
          </button>
        </div>
      )}
    </section>
  );
}
