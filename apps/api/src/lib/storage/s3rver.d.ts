// s3rver ships no types; this covers the part the storage tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Listens and resolves with the bound address (so port 0 picks a free port). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
