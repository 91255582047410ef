import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge, unsupportedMedia } from './errors.ts';

export type FileFieldRule = { maxBytes: number; maxCount: number };

export type ReceivedFile = {
  field: string;
  /** The name the sender gave the file: for display only, never a path. */
  originalName: string;
  tempPath: string;
  size: number;
};

export type ReceivedMultipart = {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes the temporary files; call it in a `finally`. */
  cleanup: () => Promise<void>;
};

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 100;

/**
 * Reads a multipart body: text fields into memory (small), files streamed to temporary files under
 * `tempDir` with generated names, each checked against its field's size and count rule while it
 * arrives. On any failure every temporary file of the request is removed before the error leaves.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  tempDir: string,
  rules: Record<string, FileFieldRule>,
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw unsupportedMedia('Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.tempPath, { force: true })));
  };
  const maxFiles = Object.values(rules).reduce((sum, r) => sum + r.maxCount, 0);
  const maxFileBytes = Math.max(0, ...Object.values(rules).map((r) => r.maxBytes));
  await fs.promises.mkdir(tempDir, { recursive: true });
  try {
    const parts = request.parts({
      limits: { fileSize: maxFileBytes + 1, files: maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw payloadTooLarge(`The field '${part.fieldname}' is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const rule = Object.hasOwn(rules, part.fieldname) ? rules[part.fieldname] : undefined;
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'.`, 'UNEXPECTED_FILE');
      }
      if (files.filter((f) => f.field === part.fieldname).length >= rule.maxCount) {
        part.file.resume();
        throw badRequest(
          `Too many files in '${part.fieldname}' (at most ${rule.maxCount}).`,
          'TOO_MANY_FILES',
        );
      }
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      const received: ReceivedFile = {
        field: part.fieldname,
        originalName: part.filename,
        tempPath,
        size: 0,
      };
      files.push(received);
      await pipeline(
        part.file,
        sizeGuard(rule.maxBytes, part.fieldname, received),
        fs.createWriteStream(tempPath),
      );
    }
    return { fields, files, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

function sizeGuard(maxBytes: number, field: string, received: ReceivedFile) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      received.size += chunk.length;
      if (received.size > maxBytes) {
        done(
          payloadTooLarge(
            `The file in '${field}' is larger than ${formatBytes(maxBytes)}.`,
            'FILE_TOO_LARGE',
          ),
        );
      } else done(null, chunk);
    },
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
