import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './compile-hints.ts';
import { preactAliases } from './preact-aliases.ts';
import { precompress } from './precompress.ts';

// The API (and the uploaded images it serves) runs on port 3000 during development.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// `vite build --ssr` builds the server render (src/entry-server.tsx) into dist-ssr/, beside the
// browser build and never served: one file with its packages inside, loaded once by the API.
export default defineConfig(({ isSsrBuild }) => ({
  // Fixed root, so `vite --config apps/web/vite.config.ts` works from the repository root too.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [] : [compileHints(), precompress()],
  // JSX compiles straight to Preact's runtime (see preact-aliases.ts).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // `@/x` is `src/x`: imports name what they use instead of climbing with `../../`.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...preactAliases,
    ],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20' }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // .vite/manifest.json names each screen's script and stylesheets, which the server render
        // links from the pages it renders. (Not served: the API serves no dot folders.)
        manifest: true,
        // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
        modulePreload: { polyfill: false },
        // The 3D viewer's own lazily loaded chunk (three.js, and the glTF loader that reads preview
        // meshes) is about 645 kB before compression.
        chunkSizeWarningLimit: 700,
      },
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
}));
