// Bundles the API (and the shared package it imports as TypeScript) into dist/ for `npm start`.
// Third-party packages stay external: the embedded PostgreSQL server, sharp and argon2 load files
// relative to themselves.
// `--watch` rebuilds on every change (used by `npm run dev`). The demo content's pictures are copied
// beside the bundle, where the seeding looks for them.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { context } from 'esbuild';

const internal = /^@printmarket\//;

const ctx = await context({
  // The preview worker is its own entry: worker threads load it from dist/preview-worker.js.
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed/cli.ts',
    'demo-images': 'src/seed/make-demo-images.ts',
    backup: 'src/db/backup/backup-cli.ts',
    restore: 'src/db/backup/restore-cli.ts',
    'preview-worker': 'src/lib/stl-render/preview-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Dynamically imported parts (demo seeding, the S3 adapter) become chunks loaded on first use.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          internal.test(args.path) || args.path.startsWith('node:')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});

rmSync('dist/demo-images', { recursive: true, force: true });
// Absent only while `npm run seed:images` draws them anew (it builds first).
if (existsSync('src/seed/demo-images'))
  cpSync('src/seed/demo-images', 'dist/demo-images', { recursive: true });

if (process.argv.includes('--watch')) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
