import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMedia } from './errors.ts';
import { containsNul, nulCharacter } from './validate.ts';

export type FileFieldRule = {
  maxBytes: number;
  maxCount: number;
  /**
   * Optional check of each file of this field while it streams (content sniffing, STL analysis):
   * called when the file part starts, with the name the sender gave it.
   */
  inspect?: (originalName: string) => FileInspector;
};

/** Looks at one file's bytes as they stream to disk; throwing (an AppError) refuses the file. */
export type FileInspector = {
  /** A tighter size limit for this file than its field's (a photo in a field that also takes STLs). */
  maxBytes?: number;
  /** What the sender reads when the file passes that limit. */
  tooLargeMessage?: string;
  /** Sees every chunk before it is written. */
  push(chunk: Buffer): void;
  /** After the last byte; its result becomes ReceivedFile.inspection. */
  finish(): unknown;
};

export type ReceiveOptions = {
  /**
   * Called before each file part with the text fields received so far, so that a form whose text
   * is already wrong is refused before megabytes of files are read.
   */
  beforeFile?: (fields: Record<string, string>, field: string, originalName: string) => void;
};

export type ReceivedFile = {
  field: string;
  /** The name the sender gave the file: for display only, never a path. */
  originalName: string;
  tempPath: string;
  size: number;
  /** What the field's inspector found (its `finish` result); undefined without an inspector. */
  inspection?: unknown;
};

export type ReceivedMultipart = {
  /** Each text field's last value. */
  fields: Record<string, string>;
  /** Every value of each text field, in order (for repeated fields such as `filesToRemove`). */
  fieldLists: Record<string, string[]>;
  files: ReceivedFile[];
  /** Removes the temporary files; call it in a `finally`. */
  cleanup: () => Promise<void>;
};

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 100;
const STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * Reads a multipart body: text fields into memory (small), files streamed to temporary files under
 * `tempDir` with generated names, each checked against its field's size and count rule while it
 * arrives. On any failure every temporary file of the request is removed before the error leaves.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  tempDir: string,
  rules: Record<string, FileFieldRule>,
  options: ReceiveOptions = {},
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw unsupportedMedia('Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const fieldLists: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  const writers: fs.WriteStream[] = [];
  const cleanup = async () => {
    // A failed pipeline neither always ends its file's stream nor waits for the file to be opened
    // and closed: removing the file before then would let it appear after its removal.
    await Promise.all(writers.map((w) => finished(w.destroy()).catch(() => undefined)));
    await Promise.all(files.map((f) => fs.promises.rm(f.tempPath, { force: true })));
  };
  const maxFiles = Object.values(rules).reduce((sum, r) => sum + r.maxCount, 0);
  const maxFileBytes = Math.max(0, ...Object.values(rules).map((r) => r.maxBytes));
  await fs.promises.mkdir(tempDir, { recursive: true });
  try {
    const parts = request.parts({
      // Bigger buffers than busboy's 16 KB: fewer, larger chunks through the inspector and writes.
      highWaterMark: STREAM_BUFFER_BYTES,
      fileHwm: STREAM_BUFFER_BYTES,
      // One file more than the rules allow, so that the count check below answers with its clear
      // message instead of busboy silently dropping the extra file.
      limits: {
        fileSize: maxFileBytes + 1,
        files: maxFiles + 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of formParts(parts)) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw payloadTooLarge(`The field '${part.fieldname}' is too long.`);
        if (containsNul(part.fieldname) || containsNul(part.value)) throw nulCharacter();
        fields[part.fieldname] = String(part.value);
        fieldLists[part.fieldname] = [...(fieldLists[part.fieldname] ?? []), String(part.value)];
        continue;
      }
      if (containsNul(part.fieldname) || containsNul(part.filename)) {
        part.file.resume();
        throw nulCharacter();
      }
      const rule = Object.hasOwn(rules, part.fieldname) ? rules[part.fieldname] : undefined;
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'.`, 'UNEXPECTED_FILE');
      }
      if (files.filter((f) => f.field === part.fieldname).length >= rule.maxCount) {
        part.file.resume();
        throw payloadTooLarge(
          `Too many files in '${part.fieldname}' (at most ${rule.maxCount}).`,
          'TOO_MANY_FILES',
        );
      }
      let inspector: FileInspector | undefined;
      try {
        options.beforeFile?.(fields, part.fieldname, part.filename);
        inspector = rule.inspect?.(part.filename);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      const received: ReceivedFile = {
        field: part.fieldname,
        originalName: part.filename,
        tempPath,
        size: 0,
      };
      files.push(received);
      const maxBytes = Math.min(rule.maxBytes, inspector?.maxBytes ?? rule.maxBytes);
      // The file's own stream fails when the form is cut short or malformed: the sender's fault.
      let formError: unknown;
      part.file.once('error', (err) => (formError = err));
      // A deep write buffer lets the stream hand several chunks to one writev.
      const out = fs.createWriteStream(tempPath, { highWaterMark: STREAM_BUFFER_BYTES });
      writers.push(out);
      await pipeline(part.file, sizeGuard(maxBytes, part.fieldname, received, inspector), out).catch(
        (err) => {
          throw err === formError ? asFormError(err) : err;
        },
      );
      if (inspector) received.inspection = inspector.finish();
    }
    return { fields, fieldLists, files, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * The parts of the form; a failure of the parser itself (no boundary, a wrong one, a body cut
 * short, garbage) becomes a 400 that says so. The plugin's own limit errors keep their statuses.
 */
async function* formParts<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw asFormError(err);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

function asFormError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return err;
  return badRequest('The form data is malformed or incomplete.', 'MALFORMED_MULTIPART');
}

/** Counts bytes against the limit and shows each chunk to the inspector before it is written. */
function sizeGuard(maxBytes: number, field: string, received: ReceivedFile, inspector?: FileInspector) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      received.size += chunk.length;
      if (received.size > maxBytes) {
        done(
          payloadTooLarge(
            inspector?.tooLargeMessage ?? `The file in '${field}' is larger than ${formatBytes(maxBytes)}.`,
            'FILE_TOO_LARGE',
          ),
        );
        return;
      }
      try {
        inspector?.push(chunk);
      } catch (err) {
        done(err as Error);
        return;
      }
      done(null, chunk);
    },
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
