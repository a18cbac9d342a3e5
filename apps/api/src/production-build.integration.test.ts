import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../test/helpers.js';
import { productionEnv } from '../test/production-env.js';
import { freePort } from '../test/server-process.js';
import type { Db } from './db/pool.js';
import { enqueue, findJob } from './lib/jobs.js';
import { PROCESS_ORDER } from './modules/order-lifecycle/lifecycle.service.js';

// `npm run build`, then what production runs (docs/decisions/039): `npm start` with
// NODE_ENV=production runs the compiled server on plain Node (no tsx, no Vite), finds its
// migrations, PDF thread and the built sites; the compiled migrations and worker run too; and a
// start without the build is refused. The build goes to a folder of its own under .tmp/ (inside
// the repository, so that the bundle finds node_modules), with a copy of scripts/start.mjs
// beside it, so the repository's own dist/ folders are neither needed nor touched.
const root = path.resolve(import.meta.dirname, '../../..');
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const out = fs.mkdtempSync(path.join(root, '.tmp', 'production-build-'));
const dist = path.join(out, 'apps/api/dist');
fs.mkdirSync(path.join(out, 'scripts'));
fs.copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(out, 'scripts/start.mjs'));

interface Run {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/** A program with only the given environment (none of this shell's settings leak in). */
function run(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, args, {
    cwd: out,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function finished(r: Run, timeoutMs: number): Promise<number | null> {
  const timer = setTimeout(() => r.child.kill('SIGKILL'), timeoutMs);
  try {
    return await r.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the server says it runs; fails with its output if it exits first. */
async function running(r: Run): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (!r.output().includes('Caterway is running at')) {
    if (r.child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${r.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const start = (env: Record<string, string>, ...args: string[]) =>
  run([path.join(out, 'scripts/start.mjs'), ...args], env);

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
});

describe('the production build', () => {
  let database: { db: Db; url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('is required: npm start in production without it names what is missing and exits 1', async () => {
    const r = start({ ...productionEnv, DATABASE_URL: database.url });
    expect(await finished(r, 30_000)).toBe(1);
    expect(r.output()).toContain('The production build is missing:');
    for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'apps/group-orders/dist/index.html'])
      expect(r.output()).toContain(`    ${file}\n`);
    expect(r.output()).toContain('Run `npm run build` first');
    expect(r.output()).not.toMatch(/\n\s+at /);
  }, 40_000);

  it('is made by scripts/build.mjs: the compiled API and both sites', async () => {
    const started = Date.now();
    const r = run([path.join(root, 'scripts/build.mjs'), '--out', out], {});
    const code = await finished(r, 240_000);
    expect(code, r.output()).toBe(0);
    console.log(`npm run build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const file of [
      'server.js',
      'worker.js',
      'migrate.js',
      'seed.js',
      'pdf-worker.mjs',
      'invoices/invoice.pdf.js',
      'group-order-documents/labels.pdf.js',
      'migrations/001_initial.sql',
    ])
      expect(fs.existsSync(path.join(dist, file)), file).toBe(true);
    for (const site of ['web', 'group-orders'])
      expect(fs.existsSync(path.join(out, 'apps', site, 'dist/index.html')), site).toBe(true);
    // the workspace packages are compiled in; tsx is named only by the PDF thread, which loads it
    // for TypeScript renderers alone (under tsx and vitest)
    for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.m?js$/.test(entry.name) || entry.name === 'pdf-worker.mjs') continue;
      const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      expect(code, entry.name).not.toMatch(/from\s*["'](tsx|@caterway\/)/);
      expect(code, entry.name).not.toMatch(/import\(\s*["'](tsx|@caterway\/)/);
    }
  }, 250_000);

  it('migrates an empty database with the compiled migrations (npm run db:migrate)', async () => {
    const r = start({ ...productionEnv, DATABASE_URL: database.url }, 'migrate');
    expect(await finished(r, 60_000), r.output()).toBe(0);
    expect(r.output()).toContain('Database is up to date.');
    const sqlFiles = fs.readdirSync(path.join(root, 'apps/api/src/db/migrations')).filter((f) => f.endsWith('.sql'));
    const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(sqlFiles.length);
  }, 70_000);

  it('runs the compiled worker (npm run worker): due jobs done, a clean SIGTERM', async () => {
    await enqueue(database.db, {
      kind: PROCESS_ORDER,
      dedupeKey: 'order:999999981',
      payload: { order_id: 999_999_981 },
      runAt: new Date(Date.now() - 1000),
    });
    expect(await findJob(database.db, PROCESS_ORDER, 'order:999999981')).toBeDefined();
    const r = start({ ...productionEnv, DATABASE_URL: database.url, JOBS_POLL_MS: '100' }, 'worker');
    try {
      // graphile-worker deletes a job once it has run (decision 038)
      await expect
        .poll(async () => (await findJob(database.db, PROCESS_ORDER, 'order:999999981')) ?? null, {
          timeout: 30_000,
          interval: 200,
        })
        .toBeNull();
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await finished(r, 20_000), r.output()).toBe(0);
  }, 60_000);

  it('is what npm start serves in production: health, readiness, both sites and their scripts', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const r = start({
      ...productionEnv,
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'false',
    });
    try {
      await running(r);
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({ status: 'ok', database: 'up' });
      // each site's page and the script it loads, from the build
      for (const page of ['/', '/group-orders-site/']) {
        const html = await (await fetch(`${base}${page}`)).text();
        const script = /<script type="module"[^>]*src="([^"]+\.js)"/.exec(html)?.[1];
        expect(script, `${page}: ${html.slice(0, 300)}`).toBeDefined();
        const asset = await fetch(new URL(script!, `${base}${page}`));
        expect(asset.status, script).toBe(200);
        expect(asset.headers.get('content-type'), script).toMatch(/javascript/);
        expect(asset.headers.get('cache-control'), script).toContain('immutable');
      }
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await finished(r, 20_000), r.output()).toBe(0);
  }, 120_000);

  // The demo order history needs the offline geocoder (outside production): the compiled server
  // run directly, as a unit file runs it, renders an invoice in the compiled PDF thread.
  it('renders an invoice in its compiled PDF thread (node apps/api/dist/server.js)', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const r = run(['--enable-source-maps', path.join(dist, 'server.js')], {
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      PORT: String(port),
      SEED_DEMO: 'true',
      PDF_WORKERS: '1',
    });
    try {
      await running(r);
      const signIn = await fetch(`${base}/user_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth: { email: 'demo@caterway.ca', password: 'Lunch4Forty' } }),
      });
      expect(signIn.status).toBe(200);
      const { jwt } = (await signIn.json()) as { jwt: string };
      const auth = { authorization: `Bearer ${jwt}` };
      const history = (await (await fetch(`${base}/api/v2/order_history`, { headers: auth })).json()) as {
        past: Array<{ id: number; invoice_available: boolean }>;
      };
      const order = history.past.find((o) => o.invoice_available);
      expect(order, `${JSON.stringify(history)}\n${r.output()}`).toBeDefined();
      const invoice = await fetch(`${base}/api/v2/catering_order_invoices/${order!.id}.pdf`, { headers: auth });
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await invoice.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await finished(r, 20_000), r.output()).toBe(0);
  }, 180_000);
});
