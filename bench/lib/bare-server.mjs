// Baseline: a bare Fastify server answering `GET /bare` with a small JSON, run as its own process
// (PORT from the environment, 127.0.0.1 only). It uses the Fastify the API is built with, and it
// exits when the harness that started it goes away (its IPC channel closes).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const apiPackage = path.resolve(import.meta.dirname, '../../apps/api/package.json');
const entry = createRequire(apiPackage).resolve('fastify');
const { default: Fastify } = /** @type {typeof import('fastify')} */ (
  await import(pathToFileURL(entry).href)
);

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, name: 'bare', n: 42 }));

const shutdown = () => {
  app.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
