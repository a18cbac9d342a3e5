#!/usr/bin/env node
// npm start, in development: builds the storefront and the group-order site when their sources
// changed, then runs the API server from its TypeScript sources (tsx), which starts the embedded
// PostgreSQL (or uses DATABASE_URL), migrates, seeds on first run and serves everything on one
// origin. Ctrl-C stops it cleanly.
//
// With NODE_ENV=production it runs what `npm run build` made (docs/decisions/039): the compiled
// apps/api/dist/server.js on plain Node, serving the built sites; it never builds and never runs
// Vite or tsx, and refuses to start when a part of the build is missing.
//
// `node scripts/start.mjs worker|migrate|seed [args]` (npm run worker, db:migrate, db:seed) runs
// that program the same way: compiled in production, from the sources otherwise.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const production = process.env.NODE_ENV === 'production';
const programs = {
  server: { source: 'apps/api/src/server.ts', built: 'apps/api/dist/server.js' },
  worker: { source: 'apps/api/src/worker.ts', built: 'apps/api/dist/worker.js' },
  migrate: { source: 'apps/api/src/db/migrate.cli.ts', built: 'apps/api/dist/migrate.js' },
  seed: { source: 'apps/api/src/db/seed/seed.cli.ts', built: 'apps/api/dist/seed.js' },
};
const name = process.argv[2] && Object.hasOwn(programs, process.argv[2]) ? process.argv[2] : 'server';
const programArgs = name === 'server' ? [] : process.argv.slice(3);
const program = programs[name];

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
if (production && dev) {
  console.error('\n  npm run dev is for development: unset NODE_ENV=production.\n');
  process.exit(1);
}
if (production) {
  // what the server serves: its settings may point elsewhere (the same defaults as config/env.ts)
  const needed = [path.join(root, program.built)];
  if (name === 'server')
    needed.push(
      path.join(path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')), 'index.html'),
      path.join(
        path.resolve(process.env.GROUP_ORDERS_DIST_DIR ?? path.join(root, 'apps/group-orders/dist')),
        'index.html',
      ),
    );
  const missing = needed.filter((file) => !fs.existsSync(file));
  if (missing.length) {
    console.error(
      [
        '',
        '  The production build is missing:',
        ...missing.map((file) => `    ${file.startsWith(`${root}${path.sep}`) ? path.relative(root, file) : file}`),
        '  Run `npm run build` first (docs/operations.md). With NODE_ENV=production nothing is built at start.',
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
} else if (!dev && name === 'server') {
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

// production: the compiled program on plain Node (source maps name the TypeScript files in stack
// traces, which reach the log only); otherwise its sources through tsx, watched with --dev
const args = production
  ? ['--enable-source-maps', path.join(root, program.built)]
  : ['--import', 'tsx', ...(dev ? ['--watch'] : []), path.join(root, program.source)];
const children = [spawn(process.execPath, [...args, ...programArgs], { cwd: root, stdio: 'inherit' })];
if (dev && name === 'server') {
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
