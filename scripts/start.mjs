#!/usr/bin/env node
// npm start: builds the storefront and the group-order site when their sources changed, then runs the API server,
// which starts the embedded PostgreSQL (or uses DATABASE_URL), migrates, seeds on first
// run and serves everything on one origin. Ctrl-C stops it cleanly.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

// The storefront and the group-order site (served under GROUP_ORDERS_URL's path, docs/decisions/011).
const apps = [
  { name: 'the storefront', dir: path.join(root, 'apps/web') },
  { name: 'the group-order site', dir: path.join(root, 'apps/group-orders') },
];
if (!dev) {
  const shared = newestMtime(path.join(root, 'packages'));
  for (const app of apps) {
    const builtIndex = path.join(app.dir, 'dist/index.html');
    const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
    if (Math.max(shared, newestMtime(app.dir)) <= builtAt) continue;
    console.log(`Building ${app.name}…`);
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: app.dir,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const serverArgs = ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
const children = [
  spawn(process.execPath, dev ? ['--import', 'tsx', '--watch', ...serverArgs.slice(2)] : serverArgs, {
    cwd: root,
    stdio: 'inherit',
  }),
];
if (dev) {
  for (const app of apps)
    children.push(
      spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: app.dir, stdio: 'inherit' }),
    );
}

// Ctrl-C reaches the children through the terminal's process group; forward other signals.
let exiting = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    exiting = true;
    if (sig !== 'SIGINT') for (const c of children) c.kill(sig);
  });
}
children[0].on('exit', (code, signal) => {
  for (const c of children.slice(1)) c.kill('SIGTERM');
  process.exit(code ?? (signal && !exiting ? 1 : 0));
});
