#!/usr/bin/env node
// npm test: every suite in order — typecheck, unit, API integration (embedded PostgreSQL
// or TEST_DATABASE_URL), the builds with their budgets and Lighthouse, browser journeys in Chromium against
// the built storefront and group-order site served by two API processes, a job worker and a balancer
// (scripts/e2e-server.mjs; E2E_TOPOLOGY=single: one process), the benchmark's smoke run, then the fault tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (p) => path.join(root, 'node_modules', p);
const steps = [
  ['typecheck', [bin('typescript/bin/tsc'), '-b']],
  ['unit', [bin('vitest/vitest.mjs'), 'run', '--project', 'unit']],
  // the fuzzer is part of the integration project (npm run test:integration runs it too); a step of its own here
  ['integration', [bin('vitest/vitest.mjs'), 'run', '--project', 'integration', '--exclude', 'apps/api/test/fuzz/**']],
  ['build', [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], path.join(root, 'apps/web')],
  ['build', [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], path.join(root, 'apps/group-orders')],
  // front-end budgets on the builds, then Lighthouse against the production server (docs/decisions/014)
  ['budgets', [path.join(root, 'scripts/check-budgets.mjs')]],
  // performance scores are reported here, not gated: they move ±5 points between runs on a shared
  // 2-core host (decision 032); accessibility and CLS still fail the step; npm run lighthouse gates all.
  // A report needs no median: one measured run per page after the warm-up (half the step's time)
  ['lighthouse', [path.join(root, 'scripts/lighthouse.mjs')], undefined, { LH_PERFORMANCE: process.env.LH_PERFORMANCE ?? 'report', LH_RUNS: process.env.LH_RUNS ?? '1' }],
  ['e2e', [bin('@playwright/test/cli.js'), 'test']],
  ['fuzz', [bin('vitest/vitest.mjs'), 'run', '--project', 'integration', 'apps/api/test/fuzz']],
  // every benchmark scenario end to end on small data (fails on errors, not on latency); bench/README.md
  ['bench-smoke', [bin('tsx/dist/cli.mjs'), 'bench/bench.ts', '--smoke']],
  // issue 7 item 4: database, payment provider, mail and embedded-server faults (decision 013)
  ['faults', [bin('vitest/vitest.mjs'), 'run', '--project', 'faults']],
];
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, args, cwd, env] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, args, { cwd: cwd ?? root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    passed++;
    console.log(`=== ${name}: passed in ${secs}s ===`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED in ${secs}s ===`);
    break;
  }
}
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
