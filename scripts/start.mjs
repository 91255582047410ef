// `npm start`: builds the web app and the API when their sources changed since the last build,
// then runs the server. A second start with nothing changed goes straight to the server.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, root } from './source-stamp.mjs';

if (!buildIsCurrent()) {
  console.log('Building the web app and the API...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
