// `npm start`: builds the web app and the API when their sources changed since the last build,
// then runs the server. A second start with nothing changed goes straight to the server, in this
// same process: starting another Node for it would add its boot to every start.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, root } from './source-stamp.mjs';

if (!buildIsCurrent()) {
  console.log('Building the web app and the API...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

// Stack traces name the TypeScript sources, as `node --enable-source-maps` would; it applies to
// the modules loaded from here on.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
