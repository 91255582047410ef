import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { type MediumKind, mediumImage } from '../../lib/images/medium-image.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { publicImageKey } from '../../lib/public-images.ts';
import { FileNotFoundError, type FileStore } from '../../lib/storage/file-store.ts';
import { storeUnderLease, type UploadLeaseStore } from '../../lib/uploads/upload-lease.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import type { MediumImagesRepo } from './medium-images-repo.ts';

/** The job queue of the backfill: one job per batch, chained, one chain per kind. */
export const MEDIUM_IMAGES_QUEUE = 'medium_image_backfill';

/** A batch's pictures are done in a few seconds, well within a job's claim. */
const BATCH_SIZE = 20;

const MEDIUM_KINDS: MediumKind[] = ['photo', 'banner'];

/** A picture the backfill could not make a medium of, and why: it stays without one. */
export type MediumFailure = { source: string; reason: string };
export type BatchResult = { made: number; failed: MediumFailure[]; next: string | null };

/** One link of a chain: where it goes on from, and what the links before it did. */
type BackfillJob = { kind: MediumKind; after: string | null; made: number; failed: number };

/**
 * Makes the medium size of pictures stored before uploads made one, from their stored large
 * rendition (the same way an upload makes it), through the storage port, so local disk and S3
 * alike. Safe beside other instances doing the same: a medium is written under a fresh key and a
 * lease, recorded only on rows that still lack one, and deleted again when none took it.
 */
export class MediumImageBackfill {
  constructor(
    private readonly repo: MediumImagesRepo,
    private readonly files: FileStore,
    private readonly leases: UploadLeaseStore,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly batchSize = BATCH_SIZE,
  ) {}

  /**
   * The next `batchSize` pictures of `kind` after `after` (in key order) that lack a medium.
   * `next` is where the following batch starts, null when this one reached the end. A picture
   * whose stored file is missing or unreadable is reported (in the result and the log) and
   * passed over; anything else that fails (the database, storage unreachable) throws, for a retry.
   */
  async batch(kind: MediumKind, after: string | null): Promise<BatchResult> {
    const sources = await this.repo.missing(kind, after, this.batchSize);
    const result: BatchResult = { made: 0, failed: [], next: null };
    for (const source of sources) {
      const outcome = await this.#make(kind, source);
      if (outcome === 'recorded') result.made += 1;
      else if (outcome !== 'not needed') {
        result.failed.push({ source, reason: outcome });
        this.log.warn({ kind, source, reason: outcome }, 'medium image could not be made');
      }
    }
    if (sources.length === this.batchSize) result.next = sources.at(-1) ?? null;
    return result;
  }

  /**
   * 'recorded'; 'not needed' when no row took the medium (the rows went, or another instance's
   * medium came first), which is then deleted again; else why it could not be made.
   */
  async #make(kind: MediumKind, source: string): Promise<string> {
    let large: Buffer;
    try {
      large = await buffer(await this.files.get(source));
    } catch (err) {
      if (err instanceof FileNotFoundError) return 'the stored picture is missing';
      throw err;
    }
    const medium = await mediumImage(large, kind).catch(() => null);
    if (!medium) return 'the stored picture could not be decoded';
    const key = publicImageKey(kind === 'photo' ? 'images' : 'banners', uuid7(), 'medium');
    return storeUnderLease(this.leases, this.files, async (lease) => {
      await lease.add(key);
      await this.files.put(key, medium.data, { contentType: 'image/webp' });
      if ((await this.repo.record(kind, source, key)) > 0) return 'recorded';
      await this.files.delete(key).catch(() => {});
      return 'not needed';
    });
  }
}

/**
 * Runs the backfill as jobs kept in PostgreSQL: `fillMissing` (at every start) queues one job per
 * kind that has pictures to do; each job does one bounded batch and queues the next from where it
 * stopped, so the work survives restarts, any instance may take the next link, and a picture that
 * cannot be done is passed over instead of holding the chain. A kind's chain is one job queued and
 * one active at most, across every instance. Progress and the end are logged.
 */
export class MediumImageJobs {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: MediumImagesRepo,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  /** Declares the queue and works its jobs on this instance with `backfill`. */
  workWith(backfill: MediumImageBackfill): Promise<void> {
    return this.jobs.work<BackfillJob>(
      MEDIUM_IMAGES_QUEUE,
      { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true },
      async (job) => {
        const { made, failed, next } = await backfill.batch(job.kind, job.after);
        const totals = { kind: job.kind, made: job.made + made, failed: job.failed + failed.length };
        if (next === null) {
          if (totals.made + totals.failed > 0) this.log.info(totals, 'medium images: backfill done');
          return;
        }
        this.log.info(totals, 'medium images: backfill under way');
        await this.#send({ ...totals, after: next });
      },
    );
  }

  /** Queues the backfill of each kind that has pictures without a medium; returns how many. */
  async fillMissing(): Promise<Record<MediumKind, number>> {
    const missing = { photo: 0, banner: 0 };
    for (const kind of MEDIUM_KINDS) {
      missing[kind] = await this.repo.countMissing(kind);
      if (missing[kind] === 0) continue;
      this.log.info({ kind, missing: missing[kind] }, 'medium images: backfill queued');
      await this.#send({ kind, after: null, made: 0, failed: 0 });
    }
    return missing;
  }

  /** Resolves when no batch is queued or running, on any instance (tests). */
  idle(): Promise<void> {
    return this.jobs.idle(MEDIUM_IMAGES_QUEUE);
  }

  async #send(job: BackfillJob) {
    // Turned away when a link of this kind is queued already (another instance's start): that
    // link carries the work on, so nothing is lost.
    await this.jobs.send(MEDIUM_IMAGES_QUEUE, job, { singletonKey: job.kind });
  }
}
