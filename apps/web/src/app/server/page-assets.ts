/**
 * A chunk of Vite's build manifest (`dist/.vite/manifest.json`), as much of it as the server reads:
 * keys are source files relative to apps/web (`src/pages/home/HomePage.tsx`), or `index.html`.
 */
export type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';

/** Scripts and stylesheets of a chunk and of the chunks it imports, imports first (their CSS comes first). */
function collect(
  manifest: BuildManifest,
  key: string,
  seen: Set<string>,
  scripts: string[],
  styles: string[],
) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, scripts, styles);
  scripts.push(chunk.file);
  styles.push(...(chunk.css ?? []));
}

/**
 * The tags that load a page's screens with the page: a stylesheet link for each stylesheet of the
 * screens' modules (and the modules they import), so the rendered page is styled before its code
 * runs, and a modulepreload for each of their scripts, so hydration needs no further round trip.
 * What index.html loads already (the entry and its imports) is left out. Unknown modules add nothing.
 */
export function pageAssetTags(manifest: BuildManifest | null, modules: readonly string[]): string {
  if (!manifest) return '';
  const seen = new Set<string>();
  // Marks the entry and its imports as seen: index.html loads them.
  collect(manifest, ENTRY, seen, [], []);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const module of modules) collect(manifest, module, seen, scripts, styles);
  const uniqueStyles = [...new Set(styles)];
  // `crossorigin` as on the tags Vite writes into index.html: module scripts load in CORS mode, and
  // a preload only serves a request made in the same mode.
  return [
    ...uniqueStyles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
