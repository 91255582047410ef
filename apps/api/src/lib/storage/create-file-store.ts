import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import type { S3FileStoreOptions } from './s3-file-store.ts';

export type FileStoreConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3FileStoreOptions);

/**
 * Picks the adapter the configuration names; the rest of the app only sees FileStore. The S3
 * adapter is loaded only when configured: the AWS SDK adds about 40 MB to the process.
 */
export async function createFileStore(config: FileStoreConfig): Promise<FileStore> {
  switch (config.kind) {
    case 'local':
      return new LocalFileStore(config.root);
    case 's3': {
      const { kind: _kind, ...options } = config;
      const { S3FileStore } = await import('./s3-file-store.ts');
      return new S3FileStore(options);
    }
  }
}
