import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint: compile every function of this file while it downloads. */
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry chunk and the chunks it imports with V8's explicit compile hint, so Chromium
 * compiles their functions on a background thread while they download, instead of one by one on
 * the main thread the first time each runs: the app's start (React, the router, the query cache
 * and the frame) calls most of them at once, and that compiling was most of the blocking time of
 * a server-rendered page (docs/decisions/0015-app-starts-after-first-paint.md). Screens and the 3D
 * viewer are not marked: they run a small part of their code at first. Browsers without the hint
 * read a comment.
 *
 * The hint must open the file, and Vite adds its preload list to the top of the entry after every
 * plugin's `generateBundle`: the written files are marked, before precompress compresses them.
 */
export function compileHints(): Plugin {
  return {
    name: 'printmarket-compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk' || !options.dir) return;
      const dir = options.dir;
      await Promise.all(
        [entry.fileName, ...entry.imports].map(async (name) => {
          const file = path.join(dir, name);
          await fs.writeFile(file, HINT + (await fs.readFile(file, 'utf8')));
        }),
      );
    },
  };
}
