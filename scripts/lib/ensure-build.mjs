// The production build, brought up to date before a run that serves it (the browser journeys,
// Lighthouse): each of scripts/build.mjs's targets whose output is older than its sources is
// built again, so `npx playwright test` runs the code as it stands, compiled as production runs
// it. After `npm run build` (as npm test does) nothing is rebuilt.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** what each build target is made from, and the file it writes last */
const targets = {
  api: { sources: ['apps/api/src', 'apps/api/package.json', 'packages'], output: 'apps/api/dist/server.js' },
  web: { sources: ['apps/web', 'packages'], output: 'apps/web/dist/index.html' },
  'group-orders': { sources: ['apps/group-orders', 'packages'], output: 'apps/group-orders/dist/index.html' },
};

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** The build targets whose output is missing or older than a source file. */
export function staleTargets() {
  return Object.entries(targets)
    .filter(([, t]) => {
      const output = path.join(root, t.output);
      const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
      return Math.max(...t.sources.map((s) => newestMtime(path.join(root, s)))) > builtAt;
    })
    .map(([name]) => name);
}

/** Builds the stale targets; exits the process when the build fails. */
export function ensureBuild(log = (m) => console.error(m)) {
  const stale = staleTargets();
  if (!stale.length) return;
  log(`building ${stale.join(', ')} (older than its sources)`);
  const args = [path.join(root, 'scripts/build.mjs'), ...stale.flatMap((t) => ['--only', t])];
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    log('the build failed');
    process.exit(r.status ?? 1);
  }
}
