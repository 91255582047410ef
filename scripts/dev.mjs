// `npm run dev`: the API rebuilt by esbuild on every change and restarted by `node --watch`,
// beside Vite's dev server with hot reload (it proxies /api and /uploads to the API).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NODE_ENV: 'development', SEED_DEMO: process.env.SEED_DEMO ?? 'true' };
execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });

const children = [];
const run = (args, cwd) => {
  const child = spawn(args[0], args.slice(1), { cwd, stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) other.kill();
    process.exit(code ?? 0);
  });
};
run([process.execPath, 'build.mjs', '--watch'], path.join(root, 'apps/api'));
run(
  [process.execPath, '--watch-path=apps/api/dist', '--enable-source-maps', 'apps/api/dist/server.js'],
  root,
);
run(['npx', 'vite', '--port', '5173'], path.join(root, 'apps/web'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
