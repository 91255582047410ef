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
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];
const stampFile = path.join(root, 'apps/api/dist/.source-stamp');

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(full)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function currentStamp() {
  return String(Math.max(...sources.map(newestMtime)));
}

export function buildIsCurrent() {
  const built = outputs.every((o) => fs.existsSync(path.join(root, o)));
  return built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === currentStamp();
}

export function recordBuild(stamp) {
  fs.writeFileSync(stampFile, stamp);
}
