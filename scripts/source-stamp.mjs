// Which sources the built app was made from: `npm start` rebuilds only when they changed.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/web',
  'packages/shared/src',
  'package-lock.json',
];
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];
/** Build outputs inside the source folders: never sources themselves. */
const OUTPUT_FOLDERS = new Set(['node_modules', 'dist', 'dist-ssr']);
const stampFile = path.join(root, 'apps/api/dist/.source-stamp');

/**
 * The newest modification time and the number of source files. Folder times are left out: tools
 * write and remove temporary files beside their configs during a build (Vite does).
 * @param {string} entry
 * @param {{ newest: number, files: number }} totals
 */
function scan(entry, totals = { newest: 0, files: 0 }) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return totals;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) {
    totals.newest = Math.max(totals.newest, stat.mtimeMs);
    totals.files += 1;
    return totals;
  }
  for (const name of fs.readdirSync(full)) {
    if (OUTPUT_FOLDERS.has(name) || name.includes('.timestamp-')) continue;
    scan(path.join(entry, name), totals);
  }
  return totals;
}

export function currentStamp() {
  const totals = { newest: 0, files: 0 };
  for (const source of sources) scan(source, totals);
  return `${totals.newest}:${totals.files}`;
}

export function buildIsCurrent() {
  const built = outputs.every((o) => fs.existsSync(path.join(root, o)));
  return built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === currentStamp();
}

/** @param {string} stamp */
export function recordBuild(stamp) {
  fs.writeFileSync(stampFile, stamp);
}
