// How long a catalogue change that touched a preset's row keeps the old search listing on an
// instance (decision 056): the time of a reload of the catering and quick-search indexes on the
// benchmark catalogue, while the old snapshot serves. Reloads both indexes `runs` times in turn
// and prints the median and the slowest, and the event loop's longest stall meanwhile.
//   npx tsx bench/index-reload.ts [runs]   (BENCH_DATABASE_URL, default caterway_bench)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPool } from '../apps/api/src/db/pool.js';
import { createCateringIndex } from '../apps/api/src/modules/search/catering-index.js';
import { createQuickSearchIndex } from '../apps/api/src/modules/search/quick-search-index.js';
import { createSearchRepository } from '../apps/api/src/modules/search/search.repository.js';

const runs = Number(process.argv[2] ?? 10);
const db = createPool(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench', {
  max: 4,
});
const repo = createSearchRepository(db);
const catering = createCateringIndex({
  load: () => repo.cateringIndexRows(),
  wordMatches: (q) => repo.cateringWordMatches(q),
  visibleAt: () => repo.visibleNow(),
});
const quick = createQuickSearchIndex({
  load: () => repo.restaurantQuickRows(),
  matches: (q, t) => repo.quickMatches(q, t),
  visibleAt: () => repo.visibleNow(),
});
await Promise.all([catering.warm(), quick.warm()]);
const times: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await Promise.all([catering.refresh(), quick.refresh()]);
  times.push(performance.now() - started);
}
loop.disable();
times.sort((a, b) => a - b);
const ms = (x: number) => Math.round(x * 10) / 10;
console.log(
  JSON.stringify({
    runs,
    reload_ms: { min: ms(times[0]!), median: ms(times[Math.floor(runs / 2)]!), max: ms(times[runs - 1]!) },
    event_loop_max_stall_ms: ms(loop.max / 1e6),
  }),
);
await db.end();
