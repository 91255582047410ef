// `npm start`: builds the web app and the API when their sources changed since the last build,
// then runs the server. A second start with nothing changed goes straight to the server.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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

const stamp = String(Math.max(...sources.map(newestMtime)));
const built = outputs.every((o) => fs.existsSync(path.join(root, o)));
const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
if (!built || previous !== stamp) {
  console.log('Building the web app and the API...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampFile, stamp);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
