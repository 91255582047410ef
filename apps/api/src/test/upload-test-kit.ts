import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PendingUploads } from '../db/pending-uploads.ts';
import type { SweepOptions } from '../lib/uploads/sweep-orphans.ts';
import { sweepUploadLeftovers } from '../modules/uploads/upload-sweep.ts';
import { UploadRepo } from '../modules/uploads/uploads-repo.ts';
import type { TestApp } from './app.ts';

/** Test helpers for design uploads: multipart bodies, STL bytes, and "nothing changed" snapshots. */

export type FormFile = { field?: string; name: string; data: Buffer; type?: string };

/** A multipart body as a browser sends it: text fields (repeatable) first, then files. */
export function multipart(fields: [string, string][], files: FormFile[] = []) {
  const boundary = `----printmarket${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const filename = file.name.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'files'}"; filename="${filename}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A binary STL of `triangles` small triangles; `declared` overrides the count in the header. */
export function binaryStl(triangles: number, options: { declared?: number; value?: number } = {}): Buffer {
  const buffer = Buffer.alloc(84 + 50 * triangles);
  buffer.write('test solid', 0, 'latin1');
  buffer.writeUInt32LE(options.declared ?? triangles, 80);
  for (let t = 0; t < triangles; t++) {
    const at = 84 + 50 * t + 12;
    const v = [0, 0, t, 10, 0, t, 0, 10, t];
    for (const [i, x] of v.entries()) buffer.writeFloatLE(options.value ?? x, at + 4 * i);
  }
  return buffer;
}

/** Every file under `dir` (relative paths), sorted; a missing folder is empty. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** Rows of the upload tables and every stored or temporary file: equal before and after = no trace. */
/**
 * Previews are rendered after the answer, so a snapshot first waits for renders in flight: their
 * half-written files would otherwise make two snapshots of an unchanged store differ.
 */
export async function snapshot(t: Pick<TestApp, 'app' | 'db' | 'dataDir'>) {
  const { db, dataDir } = t;
  await t.app.stlPreviews.idle();
  const count = async (table: 'designs' | 'design_files' | 'collections') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    designs: await count('designs'),
    designFiles: await count('design_files'),
    collections: await count('collections'),
    files: await listFiles(path.join(dataDir, 'files')),
    temp: await listFiles(path.join(dataDir, 'tmp')),
  };
}

/** Node 20 cannot start the TypeScript worker: bundle it, as apps/api/build.mjs does for dist/. */
export async function bundlePreviewWorker(): Promise<{ file: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-worker-'));
  const file = path.join(dir, 'preview-worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../lib/stl-render/preview-worker.ts', import.meta.url))],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return { file, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The leftovers sweep as the sweep job of an app on `t`'s database and storage runs it. */
export function sweepLeftoversOf(t: TestApp, options?: SweepOptions) {
  return sweepUploadLeftovers(
    { repo: new UploadRepo(t.db), leases: new PendingUploads(t.db, 60_000), files: t.files },
    options,
  );
}
