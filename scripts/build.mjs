#!/usr/bin/env node
// npm run build: everything production runs (docs/decisions/039-production-build.md).
//   apps/api/dist/            the API bundled by esbuild: server.js, worker.js, migrate.js, seed.js,
//                             the PDF renderers and their thread (pdf-worker.mjs), shared chunks,
//                             and migrations/*.sql; @caterway/domain and @caterway/contracts are
//                             compiled into it, npm packages stay in node_modules
//   apps/web/dist/            the storefront (vite build)
//   apps/group-orders/dist/   the group-order site (vite build)
// `npm start` with NODE_ENV=production runs apps/api/dist/server.js on Node, without tsx or Vite.
//
// Options: --only api|web|group-orders (repeatable) builds only those; --out DIR writes the three
// folders under DIR/apps/... instead of the repository's (DIR must be inside the repository, so
// that the bundle finds node_modules; the build test uses it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api/src');

const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true }, out: { type: 'string' } },
});
const targets = values.only?.length ? values.only : ['api', 'web', 'group-orders'];
for (const t of targets) {
  if (!['api', 'web', 'group-orders'].includes(t)) {
    console.error(`--only takes api, web or group-orders (got ${t})`);
    process.exit(2);
  }
}
const outRoot = path.resolve(values.out ?? root);
const outDir = (app) => path.join(outRoot, 'apps', app, 'dist');

/**
 * The API as ES modules for Node: one file per entry point, code shared by several in chunks,
 * all in one folder, so that every `import.meta.dirname` in the bundle is apps/api/dist (the
 * migrations and the PDF thread are found beside it). Relative imports and the workspace
 * packages (TypeScript sources) are compiled in; npm packages are imported from node_modules
 * as they are (native modules, package data files and worker files must stay where they are).
 */
async function buildApi() {
  const dist = outDir('api');
  fs.rmSync(dist, { recursive: true, force: true });
  const external = {
    name: 'npm-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@caterway/') || args.path.startsWith('node:') ? undefined : { external: true },
      );
    },
  };
  const result = await esbuild.build({
    entryPoints: {
      server: path.join(api, 'server.ts'),
      worker: path.join(api, 'worker.ts'),
      migrate: path.join(api, 'db/migrate.cli.ts'),
      seed: path.join(api, 'db/seed/seed.cli.ts'),
      // the PDF thread imports these by URL (modules/pdf-documents.ts): same paths as in src/modules
      'invoices/invoice.pdf': path.join(api, 'modules/invoices/invoice.pdf.ts'),
      'group-order-documents/labels.pdf': path.join(api, 'modules/group-order-documents/labels.pdf.ts'),
      'order-lifecycle/kitchen.pdf': path.join(api, 'modules/order-lifecycle/kitchen.pdf.ts'),
      'statements/statement.pdf': path.join(api, 'modules/statements/statement.pdf.ts'),
    },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node26',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // stack traces name the source files (they reach the log only, never an answer)
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [external],
  });
  // every file that reads a path beside itself must sit at the top of dist/, as chunks do
  const nested = Object.keys(result.metafile.outputs).filter(
    (f) =>
      f.endsWith('.js') &&
      path.dirname(path.resolve(f)) !== dist &&
      fs.readFileSync(f, 'utf8').includes('import.meta.dirname'),
  );
  if (nested.length) throw new Error(`${nested.join(', ')} read import.meta.dirname one folder below dist/`);
  fs.mkdirSync(path.join(dist, 'migrations'));
  for (const file of fs.readdirSync(path.join(api, 'db/migrations')))
    if (file.endsWith('.sql'))
      fs.copyFileSync(path.join(api, 'db/migrations', file), path.join(dist, 'migrations', file));
  // plain JavaScript already; it loads the renderers above by URL
  fs.copyFileSync(path.join(api, 'lib/pdf/pdf-worker.mjs'), path.join(dist, 'pdf-worker.mjs'));
  fs.writeFileSync(path.join(dist, 'package.json'), '{ "type": "module" }\n');
  return Object.keys(result.metafile.outputs).length;
}

function viteBuild(app) {
  const args = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
  if (values.out) args.push('--outDir', outDir(app), '--emptyOutDir');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: path.join(root, 'apps', app), stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of apps/${app} failed`))));
  });
}

const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
try {
  // esbuild runs in its own process: the API builds while the first site does
  const steps = [];
  if (targets.includes('api'))
    steps.push(
      (async () => {
        const t = performance.now();
        const files = await buildApi();
        console.log(`Built the API: ${path.relative(root, outDir('api'))}/ (${files} files, ${seconds(t)})`);
      })(),
    );
  steps.push(
    (async () => {
      for (const app of ['web', 'group-orders']) {
        if (!targets.includes(app)) continue;
        const t = performance.now();
        await viteBuild(app);
        console.log(`Built apps/${app}: ${path.relative(root, outDir(app))}/ (${seconds(t)})`);
      }
    })(),
  );
  await Promise.all(steps);
  console.log(`Build done in ${seconds(started)}.`);
} catch (err) {
  console.error(`\n  The build failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
