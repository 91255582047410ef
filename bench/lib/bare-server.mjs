// Baselines: a bare Fastify server answering `GET /bare` with a small JSON, and, when
// BARE_UPLOAD_DIR is set, `POST /bare-upload` writing the raw request body to a new file there (no
// parsing, no checks: the floor of any HTTP upload to that disk). Run as its own process (PORT from
// the environment, 127.0.0.1 only) with the Fastify the API is built with; it exits when the
// harness that started it goes away (its IPC channel closes).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

const apiPackage = path.resolve(import.meta.dirname, '../../apps/api/package.json');
const entry = createRequire(apiPackage).resolve('fastify');
const { default: Fastify } = /** @type {typeof import('fastify')} */ (
  await import(pathToFileURL(entry).href)
);

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, name: 'bare', n: 42 }));

const uploadDir = process.env.BARE_UPLOAD_DIR;
if (uploadDir) {
  // Any content type, left as a stream: the body goes to disk as it arrives.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.post('/bare-upload', async (request) => {
    const file = path.join(uploadDir, `${randomUUID()}.bin`);
    // The same 1 MB write buffer as the API's upload receiver.
    await pipeline(request.raw, fs.createWriteStream(file, { highWaterMark: 1024 * 1024 }));
    const { size } = await fs.promises.stat(file);
    await fs.promises.rm(file);
    return { bytes: size };
  });
}

const shutdown = () => {
  app.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
