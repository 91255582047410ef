import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3FileStore, type S3FileStoreOptions } from '../lib/storage/s3-file-store.ts';
import { addMultipartUploadListing } from './s3rver-multipart-listing.ts';

export type S3TestStore = {
  store: S3FileStore;
  /** A raw client on the same bucket, to look at what the adapter cannot show. */
  client: S3Client;
  options: S3FileStoreOptions;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free port with one empty bucket, and a store on it;
 * with the listing and abort of unfinished multipart uploads s3rver lacks.
 */
export async function startS3TestStore(bucket = 'printmarket-test'): Promise<S3TestStore> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  addMultipartUploadListing(server, directory);
  const { port } = await server.run();
  const options: S3FileStoreOptions = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    // s3rver checks signatures against these fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const store = new S3FileStore(options);
  return {
    store,
    client,
    options,
    close: async () => {
      store.destroy();
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
