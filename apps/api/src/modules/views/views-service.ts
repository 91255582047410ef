import { createHmac } from 'node:crypto';
import type { ViewResponse } from '@printmarket/shared/types';
import type { Viewer } from '../../lib/auth-context.ts';
import { designNotFound } from '../design-detail/design-detail-service.ts';
import type { DesignViewsRepo } from './views-repo.ts';

const HOUR_MS = 3_600_000;
/** Log rows older than this can no longer stop a count (their hour is over) and are removed. */
const KEEP_MS = 2 * HOUR_MS;

export type Visit = { viewer: Viewer | null; ip: string; userAgent: string };

/**
 * Counts a design's views, each viewer at most once per clock hour. Signed-in viewers are known
 * by id; visitors by a keyed hash of address and browser, so the log never holds an address and
 * the hash cannot be reversed by trying every IPv4 address without the server's key.
 */
export class DesignViewsService {
  readonly #key: Buffer;

  constructor(
    private readonly repo: DesignViewsRepo,
    rootSecret: Uint8Array,
  ) {
    this.#key = createHmac('sha256', rootSecret).update('printmarket:viewer-keys:v1').digest();
  }

  async record(username: string, slug: string, visit: Visit, now = new Date()): Promise<ViewResponse> {
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const views = await this.repo.record(username, slug, this.viewerKey(visit), hour);
    if (views === undefined) throw designNotFound();
    return { views };
  }

  viewerKey(visit: Visit): string {
    if (visit.viewer) return `u:${visit.viewer.id}`;
    const digest = createHmac('sha256', this.#key)
      .update(`${visit.ip}\n${visit.userAgent}`)
      .digest('base64url');
    return `a:${digest}`;
  }

  /** Removes the log rows that can no longer stop a count (a scheduled job, off the request path). */
  purgeOld(now = new Date()): Promise<void> {
    return this.repo.purgeBefore(new Date(now.getTime() - KEEP_MS));
  }
}
