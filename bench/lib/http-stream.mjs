// Streamed HTTP for the upload and ZIP benchmarks: a multipart upload piped from files on disk
// (never held in memory) and a download that counts bytes and keeps only the archive's tail.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertLocal } from './net.mjs';

/**
 * @typedef {object} UploadTiming all times are performance.now()
 * @property {number} status
 * @property {any} body the parsed JSON answer (or its text)
 * @property {number} bodyBytes bytes of the request body
 * @property {number} startedAt
 * @property {number | null} bodySentAt when the last request byte was handed to the socket
 *   (null when the server answered before the body was sent)
 * @property {number} headersAt when the response's headers arrived
 * @property {number} endAt when the response ended
 */

/**
 * POSTs a multipart form as a browser does: the text fields, then each file as a part (`files` unless named),
 * piped from disk with backpressure, with an exact Content-Length.
 * @param {object} options
 * @param {string} options.url on 127.0.0.1
 * @param {Record<string, string>} options.headers
 * @param {[string, string][]} options.fields
 * @param {{ path: string, name: string, field?: string }[]} options.files (field default `files`)
 * @param {number} options.timeoutMs the whole exchange
 * @param {AbortSignal} [options.signal]
 * @returns {Promise<UploadTiming>}
 */
export async function postMultipart(options) {
  assertLocal(options.url, 'upload URL');
  const boundary = `----printmarketbench${randomBytes(12).toString('hex')}`;
  const preamble = Buffer.from(
    options.fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join(''),
  );
  const files = await Promise.all(
    options.files.map(async (file) => ({
      ...file,
      head: Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      size: (await fs.promises.stat(file.path)).size,
    })),
  );
  const crlf = Buffer.from('\r\n');
  const closing = Buffer.from(`--${boundary}--\r\n`);
  const bodyBytes =
    preamble.length + files.reduce((n, f) => n + f.head.length + f.size + crlf.length, 0) + closing.length;

  async function* body() {
    yield preamble;
    for (const file of files) {
      yield file.head;
      for await (const chunk of fs.createReadStream(file.path, { highWaterMark: 1024 * 1024 })) yield chunk;
      yield crlf;
    }
    yield closing;
  }

  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const startedAt = performance.now();
  const req = http.request(options.url, {
    method: 'POST',
    agent: false,
    signal,
    headers: {
      ...options.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(bodyBytes),
    },
  });
  /** @type {Promise<{ status: number, text: string, headersAt: number, endAt: number }>} */
  const response = new Promise((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      const headersAt = performance.now();
      /** @type {Buffer[]} */
      const chunks = [];
      let kept = 0;
      res.on('data', (chunk) => {
        if (kept < 1024 * 1024) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      res.once('error', reject);
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          headersAt,
          endAt: performance.now(),
        }),
      );
    });
  });
  /** @type {number | null} */
  let bodySentAt = null;
  /** @type {unknown} */
  let sendError = null;
  const sending = pipeline(Readable.from(body()), req).then(
    () => {
      bodySentAt = performance.now();
    },
    (err) => {
      sendError = err;
    },
  );
  let answer;
  try {
    answer = await response;
  } catch (err) {
    await sending;
    if (timeout.aborted) throw new Error(`no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    throw err;
  }
  await sending;
  // An early answer (a 4xx before the file was read) may cut the body short: that is the answer.
  if (sendError && answer.status < 400) throw sendError;
  let parsed;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    parsed = answer.text;
  }
  return {
    status: answer.status,
    body: parsed,
    bodyBytes,
    startedAt,
    bodySentAt,
    headersAt: answer.headersAt,
    endAt: answer.endAt,
  };
}

/**
 * @typedef {object} DownloadTiming all times are performance.now()
 * @property {number} status
 * @property {number | null} contentLength
 * @property {string | undefined} contentType
 * @property {number} bytes body bytes received
 * @property {number} startedAt
 * @property {number} headersAt
 * @property {number | null} firstByteAt first body byte
 * @property {number} endAt
 * @property {Buffer} tail the body's last `tailBytes` bytes
 */

/**
 * GETs a URL and counts the body's bytes; only the last `tailBytes` are kept.
 * @param {object} options
 * @param {string} options.url on 127.0.0.1
 * @param {Record<string, string>} [options.headers]
 * @param {number} options.timeoutMs
 * @param {number} [options.tailBytes] default 64 KB
 * @param {AbortSignal} [options.signal]
 * @returns {Promise<DownloadTiming>}
 */
export function download(options) {
  assertLocal(options.url, 'download URL');
  const tailBytes = options.tailBytes ?? 64 * 1024;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const req = http.get(options.url, { agent: false, signal, headers: options.headers ?? {} }, (res) => {
      const headersAt = performance.now();
      /** @type {number | null} */
      let firstByteAt = null;
      let bytes = 0;
      /** @type {Buffer[]} */
      let chunks = [];
      let kept = 0;
      res.on('data', (/** @type {Buffer} */ chunk) => {
        firstByteAt ??= performance.now();
        bytes += chunk.length;
        chunks.push(chunk);
        kept += chunk.length;
        while (chunks.length > 1 && kept - (chunks[0]?.length ?? 0) >= tailBytes) {
          kept -= chunks[0]?.length ?? 0;
          chunks = chunks.slice(1);
        }
      });
      res.once('error', reject);
      res.once('end', () => {
        const all = Buffer.concat(chunks);
        const header = res.headers['content-length'];
        resolve({
          status: res.statusCode ?? 0,
          contentLength: header === undefined ? null : Number(header),
          contentType: res.headers['content-type'],
          bytes,
          startedAt,
          headersAt,
          firstByteAt,
          endAt: performance.now(),
          tail: all.subarray(Math.max(0, all.length - tailBytes)),
        });
      });
    });
    req.once('error', (err) => {
      reject(
        timeout.aborted ? new Error(`not finished within ${Math.round(options.timeoutMs / 1000)} s`) : err,
      );
    });
  });
}

/**
 * The entries a ZIP's central directory lists, read from the archive's tail (which must hold the
 * whole central directory), with a check that the directory ends exactly at the archive's end.
 * @param {Buffer} tail the archive's last bytes
 * @param {number} totalBytes the archive's length
 * @returns {{ ok: boolean, detail: string, entries: { name: string, size: number, method: number }[] }}
 */
export function readZipDirectory(tail, totalBytes) {
  const eocdAt = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocdAt < 0 || eocdAt + 22 > tail.length) {
    return { ok: false, detail: 'no end-of-central-directory record', entries: [] };
  }
  const count = tail.readUInt16LE(eocdAt + 10);
  const cdSize = tail.readUInt32LE(eocdAt + 12);
  const cdOffset = tail.readUInt32LE(eocdAt + 16);
  const commentLength = tail.readUInt16LE(eocdAt + 20);
  const tailStart = totalBytes - tail.length;
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    return { ok: true, detail: 'ZIP64 archive (directory not parsed)', entries: [] };
  }
  if (eocdAt + 22 + commentLength !== tail.length) {
    return { ok: false, detail: 'bytes after the end-of-central-directory record', entries: [] };
  }
  if (tailStart + eocdAt !== cdOffset + cdSize) {
    return {
      ok: false,
      detail: `central directory at ${cdOffset} + ${cdSize} does not end at the record (${tailStart + eocdAt})`,
      entries: [],
    };
  }
  let at = cdOffset - tailStart;
  if (at < 0) return { ok: false, detail: 'central directory larger than the kept tail', entries: [] };
  /** @type {{ name: string, size: number, method: number }[]} */
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (tail.readUInt32LE(at) !== 0x02014b50) {
      return { ok: false, detail: `bad central directory header ${i}`, entries };
    }
    const method = tail.readUInt16LE(at + 10);
    const compressed = tail.readUInt32LE(at + 20);
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const fileCommentLength = tail.readUInt16LE(at + 32);
    entries.push({ name: tail.toString('utf8', at + 46, at + 46 + nameLength), size: compressed, method });
    at += 46 + nameLength + extraLength + fileCommentLength;
  }
  return { ok: true, detail: `${count} entries, directory ends at the record`, entries };
}
