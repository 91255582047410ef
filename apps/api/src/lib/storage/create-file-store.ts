import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore, type S3FileStoreOptions } from './s3-file-store.ts';

export type FileStoreConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3FileStoreOptions);

/** Picks the adapter the configuration names; the rest of the app only sees FileStore. */
export function createFileStore(config: FileStoreConfig): FileStore {
  switch (config.kind) {
    case 'local':
      return new LocalFileStore(config.root);
    case 's3': {
      const { kind: _kind, ...options } = config;
      return new S3FileStore(options);
    }
  }
}
