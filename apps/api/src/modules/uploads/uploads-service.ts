import {
  UPLOAD_MSG,
  type UploadFields,
  type UploadResponse,
  uploadFieldsSchema,
} from '@printmarket/shared/uploads';
import { uniqueViolation } from '../../db/errors.ts';
import { mayChangeDesign } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FileFieldRule, ReceivedFile, ReceivedMultipart } from '../../lib/multipart.ts';
import { slugify } from '../../lib/slug.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { type DesignFileLimits, designFileInspector } from '../../lib/uploads/design-file-inspector.ts';
import type { DesignFileWriter, StoredDesignFile } from '../../lib/uploads/store-design-files.ts';
import { storeUnderLease, type UploadLeaseStore } from '../../lib/uploads/upload-lease.ts';
import { parseInput } from '../../lib/validate.ts';
import { resolveFilesToRemove } from './upload-file-refs.ts';
import type { NewDesignFile, UploadRepo } from './uploads-repo.ts';

export type UploadLimits = DesignFileLimits & { maxFiles: number };

/** Slug attempts before giving up: each failure means another upload took the slug meanwhile. */
const SLUG_ATTEMPTS = 8;

export type FilesChangeResponse = {
  message: string;
  design: { _id: string; id: string; slug: string };
  files: { _id: string; name: string; type: 'stl' | 'image' }[];
};

/**
 * Creating designs from uploads and changing their files. Files arrive checked (the multipart
 * inspector analysed STLs and sniffed images while they streamed); here they are stored under new
 * keys, then committed in one transaction; STL previews are rendered after the commit. Whatever fails, every key stored for the request is
 * deleted again, so no row and no file is left half-written.
 */
export class DesignUploadService {
  constructor(
    private readonly repo: UploadRepo,
    private readonly writer: DesignFileWriter,
    private readonly files: FileStore,
    private readonly limits: UploadLimits,
    /**
     * Told of each design whose STL files were committed, to queue their previews; awaited so the
     * job is stored before the answer. Never rejects (a job that cannot be queued is logged).
     */
    private readonly committedStl: (designId: string) => Promise<void>,
    private readonly leases: UploadLeaseStore,
  ) {}

  /** The multipart rule for a field carrying design files (`files` on upload, `newFiles` on edit). */
  fileRule(): FileFieldRule {
    return {
      maxBytes: Math.max(this.limits.maxStlBytes, this.limits.maxPhotoBytes),
      maxCount: this.limits.maxFiles,
      inspect: designFileInspector(this.limits),
    };
  }

  /**
   * Runs as each file part starts: a form whose text is already wrong is refused before its files
   * are read. Name and description come before the files in the order of docs/product.md#validation; once an
   * STL is arriving, 'No STL files to upload.' is settled and the later checks (prices) can run too.
   */
  readonly checkFieldsBeforeFile = (fields: Record<string, string>, _field: string, name: string) => {
    const result = uploadFieldsSchema.safeParse({ ...fields, stlCount: 1 });
    if (result.success) return;
    const issue = result.error.issues[0]!;
    const early = issue.path[0] === 'designName' || issue.path[0] === 'description';
    if (early || /\.stl$/i.test(name.trim())) throw badRequest(issue.message, 'VALIDATION_FAILED');
  };

  async create(viewer: Viewer, body: ReceivedMultipart): Promise<UploadResponse> {
    const received = body.files.filter((f) => f.field === 'files');
    const fields = parseInput(uploadFieldsSchema, { ...body.fields, stlCount: countStl(received) });
    if (fields.collection?.kind === 'existing') await this.#assertOwnCollection(viewer, fields.collection.id);

    return storeUnderLease(this.leases, this.files, async (stored) => {
      const files = await this.writer.storeAll(received, stored);
      const design = await this.#insertWithFreeSlug(viewer, fields, files);
      await this.committedStl(design.id);
      return {
        design: {
          _id: design.id,
          id: design.id,
          slug: design.slug,
          name: design.name,
          user: { _id: viewer.id, username: viewer.username },
        },
        message: 'Design uploaded successfully.',
      };
    });
  }

  /** Owner check before any file byte of an edit is read. */
  async assertMayChangeFiles(viewer: Viewer, designId: string) {
    const design = isUuid(designId) ? await this.repo.findDesign(designId) : undefined;
    if (!design) throw notFound('Design not found', 'DESIGN_NOT_FOUND');
    if (!mayChangeDesign(viewer, { ownerId: design.user_id, isPaid: design.is_paid }))
      throw forbidden('Only the owner can change this design.', 'NOT_OWNER');
    return design;
  }

  async changeFiles(viewer: Viewer, designId: string, body: ReceivedMultipart): Promise<FilesChangeResponse> {
    const design = await this.assertMayChangeFiles(viewer, designId);
    const current = await this.repo.filesOf(design.id);
    const removeIds = resolveFilesToRemove(body.fieldLists.filesToRemove ?? [], current);
    const received = body.files.filter((f) => f.field === 'newFiles');
    const stlLeft =
      current.filter((f) => f.kind === 'stl' && !removeIds.includes(f.id)).length + countStl(received);
    const atLeastOneStl = (left: number) => {
      if (left < 1) throw badRequest(UPLOAD_MSG.noStlProvided, 'NO_STL_FILES');
    };
    atLeastOneStl(stlLeft);

    const removedKeys = await storeUnderLease(this.leases, this.files, async (stored) => {
      const added = await this.writer.storeAll(received, stored);
      return this.repo.replaceFiles(design.id, removeIds, toRows(added), atLeastOneStl);
    });
    if (countStl(received) > 0) await this.committedStl(design.id);
    // After the commit, and only keys no row uses any more (demo designs may share files).
    const stillUsed = await this.repo.referencedKeys(removedKeys);
    await this.#deleteAll(removedKeys.filter((k) => !stillUsed.has(k)));
    const files = await this.repo.filesOf(design.id);
    return {
      message: 'Files updated.',
      design: { _id: design.id, id: design.id, slug: design.slug },
      files: files.map((f) => ({ _id: f.id, name: f.name, type: f.kind })),
    };
  }

  async #assertOwnCollection(viewer: Viewer, id: string) {
    const collection = isUuid(id) ? await this.repo.findCollection(id) : undefined;
    // Someone else's collection is answered like a missing one: its id says nothing.
    if (!collection || collection.user_id !== viewer.id)
      throw notFound('Collection not found.', 'COLLECTION_NOT_FOUND');
  }

  /**
   * `name`, `name-2`, `name-3`, ... unique per creator. Two uploads may pick the same free slug at
   * once; the unique constraint lets one win and the other tries again with a fresh look.
   */
  async #insertWithFreeSlug(viewer: Viewer, fields: UploadFields, files: StoredDesignFile[]) {
    const base = slugify(fields.name);
    for (let attempt = 1; ; attempt++) {
      const taken = await this.repo.slugsLike(viewer.id, base);
      let n = 1;
      while (taken.has(n === 1 ? base : `${base}-${n}`)) n++;
      try {
        return await this.repo.insertDesign({
          slug: n === 1 ? base : `${base}-${n}`,
          design: {
            user_id: viewer.id,
            name: fields.name,
            description: fields.description,
            category: fields.category,
            tags: fields.tags,
            settings: fields.settings,
            manufacturing_instructions: fields.manufacturingInstructions,
            usages: fields.usages,
            is_paid: fields.isPaid,
            price_cents: fields.priceCents,
          },
          collectionId: fields.collection?.kind === 'existing' ? fields.collection.id : null,
          newCollection:
            fields.collection?.kind === 'new'
              ? {
                  name: fields.collection.name,
                  pricing_type: fields.collection.subscription
                    ? 'subscription'
                    : fields.collection.priceCents > 0
                      ? 'oneTime'
                      : 'free',
                  price_cents: fields.collection.priceCents,
                }
              : null,
          files: toRows(files),
        });
      } catch (err) {
        if (uniqueViolation(err) !== 'designs_user_slug_key' || attempt >= SLUG_ATTEMPTS) throw err;
      }
    }
  }

  async #deleteAll(keys: string[]) {
    // A key that cannot be deleted now is an orphan the start-up sweep removes later.
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => {})));
  }
}

function countStl(files: ReceivedFile[]): number {
  return files.filter((f) => (f.inspection as { kind?: string } | undefined)?.kind === 'stl').length;
}

/** Positions follow the order of arrival within each kind (STL files first, then photos). */
function toRows(files: StoredDesignFile[]): NewDesignFile[] {
  const next = { stl: 0, image: 0 };
  return files.map((f) => ({ ...f, position: next[f.kind]++ }));
}
