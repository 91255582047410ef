import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { modelKindOfKey } from '../../lib/models/model-files.ts';
import { previewMeshKey, publicContentType, publicImageKey } from '../../lib/public-images.ts';
import { previewImages } from '../../lib/stl-render/preview-images.ts';
import { type PreviewPool, PreviewPoolError } from '../../lib/stl-render/preview-pool.ts';
import { PREVIEW_SIZES } from '../../lib/stl-render/render-preview.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { PREVIEW_TRIANGLE_BUDGET, readPreviewTriangles } from '../../lib/uploads/preview-triangles.ts';
import { storeUnderLease, type UploadLeaseStore } from '../../lib/uploads/upload-lease.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import type { PreviewsRepo } from './previews-repo.ts';

/** The job queue of STL preview renders: one job per design. */
export const STL_PREVIEW_QUEUE = 'stl_preview';
/** A backlog job knows how large the backlog was when queued, for its progress line. */
type StlPreviewJob = { designId: string; backlog?: number };
/** Uploads and edits are worked before the backlog found at start. */
const UPLOAD_PRIORITY = 10;
const BACKLOG_PRIORITY = 0;

/**
 * Queues the preview renders of stored STL files after their upload committed, so an upload is
 * answered as soon as its files are safe instead of after seconds of rendering. The jobs are kept
 * in PostgreSQL: one per design (a design queued twice is rendered once), claimed by one instance
 * of the API, retried with backoff when the database or storage fails, and taken over by another
 * instance when the one rendering dies. A file without preview keys is also queued again at start
 * (`fillMissing`): what a fresh install's demo designs or an older version left. Its progress is
 * logged by whichever instance renders it: 'rendering STL previews: 12/34'.
 */
export class StlPreviewJobs {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: PreviewsRepo,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Declares the queue and renders its jobs on this instance with `renderer`. */
  workWith(renderer: StlPreviewRenderer): Promise<void> {
    return this.jobs.work<StlPreviewJob>(
      STL_PREVIEW_QUEUE,
      { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true },
      async ({ designId, backlog }) => {
        await renderer.renderDesign(designId);
        if (backlog) await this.#logProgress(backlog);
      },
    );
  }

  /** Renders the missing previews of a design's STL files, before the backlog. */
  async enqueue(designId: string): Promise<void> {
    await this.#send({ designId }, UPLOAD_PRIORITY);
  }

  /** Queues every design with an STL file that has no preview yet; returns how many there are. */
  async fillMissing(): Promise<number> {
    const designIds = await this.repo.designsMissingPreviews();
    const backlog = designIds.length;
    if (backlog === 0) return 0;
    this.log.info(`rendering STL previews: 0/${backlog}`);
    for (const designId of designIds) await this.#send({ designId, backlog }, BACKLOG_PRIORITY);
    return backlog;
  }

  /** Resolves when no render is queued or running, on any instance (tests, benchmarks). */
  idle(): Promise<void> {
    return this.jobs.idle(STL_PREVIEW_QUEUE);
  }

  async #send(job: StlPreviewJob, priority: number) {
    try {
      await this.jobs.send(STL_PREVIEW_QUEUE, job, { singletonKey: job.designId, priority });
    } catch (err) {
      // The design keeps working without the picture; the next start queues it again.
      this.log.warn({ err, designId: job.designId }, 'STL preview could not be queued');
    }
  }

  /**
   * Done is what is no longer missing, counted in the database: the backlog is shared by every
   * instance, and an upload arriving meanwhile only holds the count back, never above the total.
   */
  async #logProgress(backlog: number) {
    const missing = await this.repo.countDesignsMissingPreviews();
    this.log.info(`rendering STL previews: ${Math.max(0, backlog - missing)}/${backlog}`);
  }
}

/**
 * The most triangles a preview mesh is built from as they are (36 bytes each: 144 MB, moved to a
 * worker). A larger model (the limit is 20 million) has its vertices clustered as it is read
 * (readPreviewTriangles): a whole surface of at most 2 million triangles.
 */
export const PREVIEW_MESH_INPUT_BUDGET = 4_000_000;

type MissingPreviews = Awaited<ReturnType<PreviewsRepo['filesMissingPreviews']>>[number];

/**
 * Makes what a design's model files are missing, one file at a time (a render or a mesh takes a
 * worker thread; uploads must not take every core from the other requests): the preview images
 * and the public preview mesh. Files written but never recorded are swept like any upload leftover.
 */
export class StlPreviewRenderer {
  constructor(
    private readonly repo: PreviewsRepo,
    private readonly files: FileStore,
    private readonly previews: PreviewPool,
    private readonly leases: UploadLeaseStore,
    private readonly log: FastifyBaseLogger,
    /** Past this many triangles a model is clustered for its preview mesh; lower only in tests. */
    private readonly meshInputBudget = PREVIEW_MESH_INPUT_BUDGET,
  ) {}

  /**
   * Throws only what a retry may mend (the database, the pool closing at shutdown); a model that
   * cannot be read is logged and left without a picture or mesh (cards fall back to a placeholder,
   * the viewer to the full model for those who may have it).
   */
  async renderDesign(designId: string): Promise<void> {
    for (const file of await this.repo.filesMissingPreviews(designId)) {
      if (!file.preview_key) await this.#attempt(file, designId, 'images', () => this.#renderImages(file));
      if (!file.preview_mesh_key) await this.#attempt(file, designId, 'mesh', () => this.#buildMesh(file));
    }
  }

  async #attempt(file: MissingPreviews, designId: string, what: string, make: () => Promise<void>) {
    try {
      await make();
    } catch (err) {
      if (err instanceof PreviewPoolError && err.reason === 'closed') throw err;
      this.log.warn({ err, fileId: file.id, designId }, `model preview ${what} could not be made`);
    }
  }

  async #triangles(file: MissingPreviews, budget: number): Promise<Float32Array> {
    if (!file.analysis) throw new Error('the file has no analysis');
    const { triangles, sizeMm } = file.analysis;
    return readPreviewTriangles(
      { kind: modelKindOfKey(file.storage_key), triangles, sizeMm },
      await this.files.get(file.storage_key),
      budget,
    );
  }

  async #renderImages(file: MissingPreviews) {
    const positions = await this.#triangles(file, PREVIEW_TRIANGLE_BUDGET);
    // One lossless render at gallery size; the card is the same picture at half size (both 4:3).
    const png = await this.previews.render(positions, { ...PREVIEW_SIZES.gallery, format: 'png' });
    const { gallery, card } = await previewImages(png);
    const id = uuid7();
    const keys = [
      publicImageKey('images', id, 'preview'),
      publicImageKey('images', id, 'previewcard'),
    ] as const;
    await storeUnderLease(this.leases, this.files, async (lease) => {
      await lease.add(...keys);
      await this.files.put(keys[0], gallery, { contentType: 'image/webp' });
      await this.files.put(keys[1], card, { contentType: 'image/webp' });
      const recorded = await this.repo.setPreview(file.id, { preview: keys[0], card: keys[1] });
      // The file was removed (or given a preview) meanwhile: these images belong to nothing.
      if (!recorded) await this.#delete(keys);
    });
  }

  async #buildMesh(file: MissingPreviews) {
    const glb = await this.previews.buildMesh(await this.#triangles(file, this.meshInputBudget));
    const key = previewMeshKey(uuid7());
    await storeUnderLease(this.leases, this.files, async (lease) => {
      await lease.add(key);
      await this.files.put(key, Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength), {
        contentType: publicContentType(key),
      });
      if (!(await this.repo.setPreviewMesh(file.id, key))) await this.#delete([key]);
    });
  }

  async #delete(keys: readonly string[]) {
    // What cannot be deleted now is swept at a later start (no row references it).
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => {})));
  }
}
