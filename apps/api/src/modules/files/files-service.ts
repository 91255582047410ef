import type { Readable } from 'node:stream';
import type { SignedUrlResponse } from '@printmarket/shared/types';
import {
  type DesignAccessFacts,
  type DownloadDecision,
  mayDownloadDesign,
  mayViewDesign,
  mayViewModel,
} from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { modelContentType, modelKindOfKey } from '../../lib/models/model-files.ts';
import {
  FILE_PURPOSES,
  type FilePurpose,
  type FileUrlSigner,
  SIGNED_URL_TTL_SECONDS,
} from '../../lib/signed-urls.ts';
import { type FileStore, InvalidRangeError } from '../../lib/storage/file-store.ts';
import {
  attachmentDisposition,
  deliveredName,
  uniqueNames,
  zipFileName,
} from '../../lib/zip/download-names.ts';
import { type StoredZip, storedZip } from '../../lib/zip/stored-zip.ts';
import { designNotFound } from '../design-detail/design-detail-service.ts';
import { answerRange } from './byte-range.ts';
import type { FileDeliveryRepo } from './files-repo.ts';

/** The texts for visitors who try to download (docs/product.md#sign-in-prompts). */
export const FILE_SIGN_IN = 'You need to be signed in to download this file.';
export const DESIGN_SIGN_IN = 'Please sign in to download this design.';
const PURCHASE_REQUIRED = 'Buy this design to download its files.';
const FILE_NOT_FOUND = 'File not found.';

export type ContentRequest = {
  fileId: string;
  purpose: string | undefined;
  expires: string | undefined;
  sig: string | undefined;
  range: string | undefined;
};

export type ContentAnswer = {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body: Readable | null;
};

export type ZipAnswer = StoredZip & { fileName: string; designId: string };

/**
 * Hands out design files. Every path goes through the access policy: signed links are issued only
 * to those it allows, and the content route serves only what such a link names.
 */
export class FileDeliveryService {
  constructor(
    private readonly repo: FileDeliveryRepo,
    private readonly files: FileStore,
    private readonly signer: FileUrlSigner,
  ) {}

  /** A link for the 3D viewer: free models for everyone, paid ones for those who may download. */
  async viewUrl(fileId: string, viewer: Viewer | null): Promise<SignedUrlResponse> {
    const file = await this.#file(fileId);
    refuseUnless(mayViewModel(viewer, await this.#reachable(file.design_id, file, viewer)), FILE_SIGN_IN);
    return { url: this.signer.url(file.id, 'view') };
  }

  /**
   * A download link; handing it out is the download starting, so it counts here (once a day per
   * person and design): the page can show the new count at once, and fetching the link again,
   * in parts or whole, counts nothing more.
   */
  async downloadUrl(fileId: string, viewer: Viewer | null): Promise<SignedUrlResponse> {
    const file = await this.#file(fileId);
    refuseUnless(
      mayDownloadDesign(viewer, await this.#reachable(file.design_id, file, viewer)),
      FILE_SIGN_IN,
    );
    // Allowed means signed in.
    if (viewer) await this.repo.countDownloads(viewer.id, [file.design_id]);
    return { url: this.signer.url(file.id, 'download') };
  }

  async content(request: ContentRequest, nowMs = Date.now()): Promise<ContentAnswer> {
    const purpose = FILE_PURPOSES.find((p) => p === request.purpose);
    const expires = Number(request.expires);
    const link = { fileId: request.fileId, purpose: purpose ?? 'view', expires, sig: request.sig ?? '' };
    if (!isUuid(request.fileId)) throw notFound(FILE_NOT_FOUND, 'FILE_NOT_FOUND');
    if (!purpose || !this.signer.verify(link, nowMs)) {
      throw forbidden('This download link is invalid or has expired.', 'LINK_INVALID');
    }
    const file = await this.#file(request.fileId);
    // A link handed out before the design was withheld stops working then: links handed out
    // since went to its owner or an operator (the policy decided when handing them out).
    if (file.withheld_at && file.withheld_at.getTime() > (expires - SIGNED_URL_TTL_SECONDS) * 1000)
      throw notFound(FILE_NOT_FOUND, 'FILE_NOT_FOUND');
    const stat = await this.files.stat(file.storage_key);
    if (!stat) throw notFound(FILE_NOT_FOUND, 'FILE_NOT_FOUND');
    const headers = baseHeaders(file, purpose, expires, nowMs);
    const range = answerRange(request.range, stat.size);
    if (range.kind === 'unsatisfiable') {
      return {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${stat.size}` },
        body: null,
      };
    }
    if (range.kind === 'partial') {
      const body = await this.#open(file.storage_key, range);
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
          'content-length': String(range.end - range.start + 1),
        },
        body,
      };
    }
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(stat.size) },
      body: await this.#open(file.storage_key),
    };
  }

  async zip(designId: string, viewer: Viewer | null): Promise<ZipAnswer> {
    const design = isUuid(designId) ? await this.repo.findDesign(designId) : undefined;
    if (!design) throw designNotFound();
    refuseUnless(mayDownloadDesign(viewer, await this.#reachable(design.id, design, viewer)), DESIGN_SIGN_IN);
    const rows = await this.repo.listFiles(design.id);
    if (rows.length === 0) throw notFound('This design has no files.', 'NO_FILES');
    const names = uniqueNames(rows.map(deliveredName));
    // Sizes from storage, not the rows: the archive's length is promised before it is written.
    const entries = await Promise.all(
      rows.map(async (row, i) => {
        const stat = await this.files.stat(row.storage_key);
        if (!stat) throw new Error(`Stored file missing for design file ${row.id}`);
        return {
          name: names[i] as string,
          size: stat.size,
          open: () => this.files.get(row.storage_key),
        };
      }),
    );
    // Every file is there: the download starts and counts (once a day per person and design).
    if (viewer) await this.repo.countDownloads(viewer.id, [design.id]);
    return {
      ...storedZip(entries, { mtime: new Date() }),
      fileName: zipFileName(design.name),
      designId: design.id,
    };
  }

  /** The access facts of a design the viewer may see; a withheld one is missing (404) to others. */
  async #reachable(designId: string, row: DesignFactsRow, viewer: Viewer | null): Promise<DesignAccessFacts> {
    const facts = await this.#facts(designId, row, viewer);
    if (facts.withheld && !mayViewDesign(viewer, facts)) throw notFound(FILE_NOT_FOUND, 'FILE_NOT_FOUND');
    return facts;
  }

  /** The access facts of a design: its own, its collection's and what the viewer holds. */
  async #facts(designId: string, row: DesignFactsRow, viewer: Viewer | null): Promise<DesignAccessFacts> {
    const holding = await this.repo.holding(viewer?.id ?? null, {
      id: designId,
      collection_id: row.collection_id,
    });
    const facts = designFacts(row);
    return {
      ...facts,
      viewerBought: holding.viewerBought,
      collection: facts.collection && { ...facts.collection, viewerHolding: holding.collectionHolding },
    };
  }

  async #file(fileId: string) {
    const file = isUuid(fileId) ? await this.repo.findFile(fileId) : undefined;
    if (!file) throw notFound(FILE_NOT_FOUND, 'FILE_NOT_FOUND');
    return file;
  }

  async #open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      return await this.files.get(key, range);
    } catch (err) {
      // The file changed between stat and open; the client may simply ask again.
      if (err instanceof InvalidRangeError)
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable.');
      throw err;
    }
  }
}

type DesignFactsRow = {
  collection_id: string | null;
  owner_id: string;
  is_paid: boolean;
  archived_at: Date | null;
  withheld_at: Date | null;
  collection_owner_id: string | null;
  collection_visibility: 'public' | 'private' | null;
  collection_pricing_type: 'free' | 'oneTime' | 'subscription' | null;
  collection_archived_at: Date | null;
  collection_withheld_at: Date | null;
};

function designFacts(row: DesignFactsRow): DesignAccessFacts {
  const inCollection =
    row.collection_owner_id !== null &&
    row.collection_visibility !== null &&
    row.collection_pricing_type !== null;
  return {
    ownerId: row.owner_id,
    isPaid: row.is_paid,
    archived: row.archived_at !== null,
    withheld: row.withheld_at !== null,
    collection: inCollection
      ? {
          ownerId: row.collection_owner_id as string,
          visibility: row.collection_visibility as 'public' | 'private',
          archived: row.collection_archived_at !== null,
          withheld: row.collection_withheld_at !== null,
          pricingType: row.collection_pricing_type as 'free' | 'oneTime' | 'subscription',
        }
      : null,
  };
}

function refuseUnless(decision: DownloadDecision, signInMessage: string): void {
  if (decision.allowed) return;
  if (decision.reason === 'sign-in') throw unauthorized(signInMessage, 'NOT_SIGNED_IN');
  throw forbidden(PURCHASE_REQUIRED, 'PURCHASE_REQUIRED');
}

function baseHeaders(
  file: { kind: 'image' | 'stl'; name: string; storage_key: string },
  purpose: FilePurpose,
  expires: number,
  nowMs: number,
): Record<string, string> {
  // A browser may reuse the bytes while the link is valid, and no shared cache may keep them.
  const maxAge = Math.max(0, Math.floor(expires - nowMs / 1000));
  return {
    'content-type': file.kind === 'stl' ? modelContentType(modelKindOfKey(file.storage_key)) : 'image/webp',
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${maxAge}`,
    'content-disposition': purpose === 'download' ? attachmentDisposition(deliveredName(file)) : 'inline',
  };
}
