// `npm run build`: the web app and the API bundle, then a note of the sources they came from.
import { execFileSync } from 'node:child_process';
import { currentStamp, recordBuild, root } from './source-stamp.mjs';

const stamp = currentStamp();
for (const workspace of ['@printmarket/web', '@printmarket/api']) {
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}
recordBuild(stamp);
