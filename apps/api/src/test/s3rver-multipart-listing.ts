import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';
import { escapeXml } from '../lib/escape-xml.ts';

/**
 * s3rver (3.7) stores multipart uploads but does not implement two calls on them that S3 has:
 * ListMultipartUploads (`GET /bucket?uploads`) and AbortMultipartUpload (`DELETE
 * /bucket/key?uploadId=`). This adds both, path-style, over s3rver's own folder of unfinished
 * uploads (`<bucket>/._S3rver_uploads/<uploadId>/`, holding a `key` file written at initiation and
 * one file per part), so the store's clean-up of unfinished uploads runs against a real server
 * with the real SDK. Answers follow S3's documented XML; the listing comes in one page.
 */
export function addMultipartUploadListing(server: S3rver, directory: string): void {
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  server.middleware.unshift(async (ctx, next) => {
    const [, bucket, key] = /^\/([^/]+)(?:\/(.+))?\/?$/.exec(ctx.path) ?? [];
    if (!bucket) return next();
    if (ctx.method === 'GET' && key === undefined && 'uploads' in ctx.query) {
      ctx.type = 'application/xml';
      ctx.body = await listingXml(bucket, uploadsOf(bucket));
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && key !== undefined && typeof uploadId === 'string') {
      const folder = path.join(uploadsOf(bucket), path.basename(uploadId));
      const found = await stat(folder).then(
        () => true,
        () => false,
      );
      if (!found) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code></Error>';
        return;
      }
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  });
}

async function listingXml(bucket: string, folder: string): Promise<string> {
  const ids = await readdir(folder).catch(() => [] as string[]);
  const uploads: string[] = [];
  for (const id of ids) {
    const keyFile = path.join(folder, id, 'key');
    const [key, initiated] = await Promise.all([
      readFile(keyFile, 'utf8'),
      stat(keyFile).then((s) => s.mtime),
    ]);
    uploads.push(
      `<Upload><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(id)}</UploadId>` +
        `<Initiated>${initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
    `${uploads.join('')}</ListMultipartUploadsResult>`
  );
}
