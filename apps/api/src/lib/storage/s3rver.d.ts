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

  /** The part of Koa's request context the test kit's added routes use (s3rver is a Koa app). */
  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list, run in order for each request once `run` starts listening. */
    middleware: ((ctx: S3rverContext, next: () => Promise<unknown>) => Promise<unknown>)[];
    /** Listens and resolves with the bound address (so port 0 picks a free port). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
