import type { StlAnalysisJson } from '../../db/schema.ts';
import { mediumImage } from '../images/medium-image.ts';
import { PHOTO_VARIANTS, processImage } from '../images/process-image.ts';
import { analysisJson } from '../models/analysis-json.ts';
import { modelContentType, newModelKey } from '../models/model-files.ts';
import type { ReceivedFile } from '../multipart.ts';
import { publicImageKey } from '../public-images.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { InspectedDesignFile, InspectedModelFile } from './design-file-inspector.ts';
import type { UploadLease } from './upload-lease.ts';
import { uuid7 } from './uuid7.ts';

/** One stored file of a design, ready to become a design_files row. */
export type StoredDesignFile = {
  kind: 'stl' | 'image';
  name: string;
  storage_key: string;
  card_key: string | null;
  medium_key: string | null;
  size_bytes: number;
  analysis: StlAnalysisJson | null;
};

/**
 * Moves the checked temporary files of an upload into storage under new generated keys: STL files
 * as they are, photos re-encoded as WebP gallery, medium (half the gallery's size) and card images.
 * Every key is added to the upload's lease before it is written, so the leftovers sweep leaves it
 * alone until the commit, and the caller can delete them all when anything later fails (this step
 * or the database commit).
 */
export class DesignFileWriter {
  constructor(private readonly files: FileStore) {}

  async storeAll(received: ReceivedFile[], stored: UploadLease): Promise<StoredDesignFile[]> {
    // One file at a time: a photo already uses sharp's threads, and a 40-file upload must not take
    // every core from the other requests.
    const out: StoredDesignFile[] = [];
    for (const file of received) {
      const inspected = file.inspection as InspectedDesignFile;
      out.push(
        inspected.kind === 'stl'
          ? await this.#storeModel(file, inspected, stored)
          : await this.#storePhoto(file, inspected.name, stored),
      );
    }
    return out;
  }

  async #storeModel(
    file: ReceivedFile,
    model: InspectedModelFile,
    stored: UploadLease,
  ): Promise<StoredDesignFile> {
    // Moved, not copied, with its original bytes: on local disk a 300 MB model costs a rename. Its
    // preview images and preview mesh are made after the commit (StlPreviewJobs).
    const key = newModelKey(model.modelKind);
    await stored.add(key);
    await this.files.putFile(key, file.tempPath, { contentType: modelContentType(model.modelKind) });
    return {
      kind: 'stl',
      name: model.name,
      storage_key: key,
      card_key: null,
      medium_key: null,
      size_bytes: file.size,
      analysis: analysisJson(model.analysis),
    };
  }

  async #storePhoto(file: ReceivedFile, name: string, stored: UploadLease): Promise<StoredDesignFile> {
    // processImage decodes by content and refuses anything else (or a decompression bomb) with a 4xx.
    const { gallery, card } = await processImage(file.tempPath, PHOTO_VARIANTS);
    const medium = await mediumImage(gallery.data, 'photo');
    const id = uuid7();
    const galleryKey = await this.#put(publicImageKey('images', id, 'gallery'), gallery.data, stored);
    const mediumKey = await this.#put(publicImageKey('images', id, 'medium'), medium.data, stored);
    const cardKey = await this.#put(publicImageKey('images', id, 'card'), card.data, stored);
    return {
      kind: 'image',
      name,
      storage_key: galleryKey,
      card_key: cardKey,
      medium_key: mediumKey,
      size_bytes: file.size,
      analysis: null,
    };
  }

  async #put(key: string, body: Buffer, stored: UploadLease) {
    // Recorded before the write: a write that fails halfway must be cleaned up too.
    await stored.add(key);
    await this.files.put(key, body, { contentType: 'image/webp' });
    return key;
  }
}
