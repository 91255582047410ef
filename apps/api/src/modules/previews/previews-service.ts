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
 *
 * The backlog `fillMissing` finds (what a stopped process left, a fresh install's demo designs)
 * is worked through after the designs queued by uploads and edits, so a person's new design never
 * waits behind it, and its progress is logged: 'rendering STL previews: 12/34'.
 */
export class StlPreviewJobs {
  /** Designs of uploads and edits, worked first. */
  readonly #queue = new Set<string>();
  #backlog: Backlog | null = null;
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(
    private readonly repo: PreviewsRepo,
    private readonly files: FileStore,
    private readonly previews: PreviewPool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Renders the missing previews of a design's STL files, after the uploads already queued. */
  enqueue(designId: string): void {
    if (this.#closed) return;
    this.#queue.add(designId);
    this.#start();
  }

  /**
   * Queues every design with an STL file that has no preview yet (at start: what a stopped process
   * left, and the demo designs of a fresh install), and logs the progress through them.
   */
  async fillMissing(): Promise<number> {
    const designIds = await this.repo.designsMissingPreviews();
    if (designIds.length === 0 || this.#closed) return designIds.length;
    this.#backlog ??= { pending: new Set(), done: 0, total: 0, started: Date.now() };
    const backlog = this.#backlog;
    for (const designId of designIds) {
      if (backlog.pending.has(designId)) continue;
      backlog.pending.add(designId);
      backlog.total += 1;
    }
    this.log.info(`rendering STL previews: ${backlog.done}/${backlog.total}`);
    this.#start();
    return designIds.length;
  }

  /** Resolves when nothing is queued (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Takes no more work; the render in progress ends with the pool's close. */
  close(): void {
    this.#closed = true;
    this.#queue.clear();
    this.#backlog = null;
  }

  #start() {
    if (this.#running || this.#closed) return;
    this.#running = this.#drain().finally(() => {
      this.#running = null;
      // Work queued between the drain's last look and now.
      if (this.#next() !== undefined) this.#start();
    });
  }

  /** The next design: uploads first, then the backlog (in the order fillMissing found it). */
  #next(): string | undefined {
    for (const designId of this.#queue) return designId;
    for (const designId of this.#backlog?.pending ?? []) return designId;
    return undefined;
  }

  async #drain() {
    for (let designId = this.#next(); designId !== undefined; designId = this.#next()) {
      this.#queue.delete(designId);
      try {
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
      } catch (err) {
        // The database failed us: this design waits for the next start's fillMissing.
        this.log.warn({ err, designId }, 'STL previews of a design could not be looked up');
      }
      if (this.#closed) return;
      this.#worked(designId);
    }
  }

  /** Counts a design of the backlog as worked through, rendered or not, and logs the progress. */
  #worked(designId: string) {
    const backlog = this.#backlog;
    if (!backlog?.pending.delete(designId)) return;
    backlog.done += 1;
    // About twenty lines however long the backlog, and always the last.
    const every = Math.max(1, Math.ceil(backlog.total / 20));
    if (backlog.done % every === 0 || backlog.done === backlog.total) {
      this.log.info(`rendering STL previews: ${backlog.done}/${backlog.total}`);
    }
    if (backlog.pending.size === 0) {
      this.log.info({ designs: backlog.total, ms: Date.now() - backlog.started }, 'STL previews rendered');
      this.#backlog = null;
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

/** The designs fillMissing queued and not yet worked through, and the counts for the log. */
type Backlog = { pending: Set<string>; done: number; total: number; started: number };
