import type { FastifyBaseLogger } from 'fastify';
import { publicImageKey } from '../../lib/public-images.ts';
import { previewImages } from '../../lib/stl-render/preview-images.ts';
import { type PreviewPool, PreviewPoolError } from '../../lib/stl-render/preview-pool.ts';
import { PREVIEW_SIZES } from '../../lib/stl-render/render-preview.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { readPreviewTriangles } from '../../lib/uploads/preview-triangles.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import type { PreviewsRepo } from './previews-repo.ts';

/**
 * Renders the preview images of stored STL files after their upload committed, so an upload is
 * answered as soon as its files are safe instead of after seconds of rendering. Designs are
 * worked through one at a time (a render already takes a worker thread; uploads must not take
 * every core from the other requests). Nothing here is lost in a crash: a file without preview
 * keys is simply rendered at the next start (`fillMissing`), and images written but never
 * recorded are swept like any upload leftover.
 */
export class StlPreviewJobs {
  readonly #queue = new Set<string>();
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(
    private readonly repo: PreviewsRepo,
    private readonly files: FileStore,
    private readonly previews: PreviewPool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Renders the missing previews of a design's STL files, after the work already queued. */
  enqueue(designId: string): void {
    if (this.#closed) return;
    this.#queue.add(designId);
    this.#running ??= this.#drain().finally(() => {
      this.#running = null;
    });
  }

  /** Queues every design with an STL file that has no preview yet (at start: after a crash). */
  async fillMissing(): Promise<number> {
    const designIds = await this.repo.designsMissingPreviews();
    for (const designId of designIds) this.enqueue(designId);
    return designIds.length;
  }

  /** Resolves when the queue is empty (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Takes no more work; the render in progress ends with the pool's close. */
  close(): void {
    this.#closed = true;
    this.#queue.clear();
  }

  async #drain() {
    for (const designId of this.#queue) {
      this.#queue.delete(designId);
      if (this.#closed) return;
      for (const file of await this.repo.filesWithoutPreview(designId)) {
        if (this.#closed) return;
        try {
          await this.#render(file);
        } catch (err) {
          if (err instanceof PreviewPoolError && err.reason === 'closed') return;
          // The design keeps working without the picture (cards fall back to a placeholder); the
          // next start tries again.
          this.log.warn({ err, fileId: file.id, designId }, 'STL preview could not be rendered');
        }
      }
    }
  }

  async #render(file: { id: string; storage_key: string; analysis: { triangles: number } | null }) {
    if (!file.analysis) throw new Error('the file has no analysis');
    const positions = await readPreviewTriangles(
      await this.files.get(file.storage_key),
      file.analysis.triangles,
    );
    // One lossless render at gallery size; the card is the same picture at half size (both 4:3).
    const png = await this.previews.render(positions, { ...PREVIEW_SIZES.gallery, format: 'png' });
    const { gallery, card } = await previewImages(png);
    const id = uuid7();
    const keys = [
      publicImageKey('images', id, 'preview'),
      publicImageKey('images', id, 'previewcard'),
    ] as const;
    try {
      await this.files.put(keys[0], gallery, { contentType: 'image/webp' });
      await this.files.put(keys[1], card, { contentType: 'image/webp' });
      const recorded = await this.repo.setPreview(file.id, { preview: keys[0], card: keys[1] });
      // The file was removed (or given a preview) meanwhile: these images belong to nothing.
      if (!recorded) await this.#delete(keys);
    } catch (err) {
      await this.#delete(keys);
      throw err;
    }
  }

  async #delete(keys: readonly string[]) {
    // What cannot be deleted now is swept at a later start (no row references it).
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => {})));
  }
}
