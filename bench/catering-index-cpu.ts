// The catering index of the preset search (docs/decisions/023) on the bench catalogue: how long
// its load and build take, and the time of one page by kind of query (no HTTP, no SQL per page).
//   npm run bench:catering-index     # BENCH_DATABASE_URL, default caterway_bench (read only)
import { createPool } from '../apps/api/src/db/pool.js';
import { cities } from '../apps/api/src/db/seed/vocabulary.js';
import { buildCateringSnapshot } from '../apps/api/src/modules/search/catering-index.js';
import { createSearchRepository } from '../apps/api/src/modules/search/search.repository.js';
import { assertLoopback } from './lib/setup.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
assertLoopback(url);
const db = createPool(url, { max: 3 });
const repo = createSearchRepository(db);
let t = performance.now();
const data = await repo.cateringIndexRows();
const loadMs = performance.now() - t;
t = performance.now();
const snapshot = buildCateringSnapshot(data);
console.log(
  `${snapshot.size} catering presets: load ${loadMs.toFixed(0)} ms, build ${(performance.now() - t).toFixed(0)} ms`,
);
const sorts = ['popular', 'price_desc', 'price_asc', 'headcount_desc', 'headcount_asc'] as const;
const cuisines = ['Italian', 'Japanese', 'Indian', 'Mexican', 'Thai', 'Greek', 'Chinese', 'Healthy'];
const N = 3000;
for (const kind of ['anywhere', 'anywhere, a cuisine', 'near an address', 'near an address, a cuisine']) {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const city = cities[i % cities.length]!;
    const near = kind.startsWith('near')
      ? { latitude: city.centre.lat + (i % 7) * 0.01, longitude: city.centre.lng - (i % 5) * 0.01 }
      : null;
    snapshot.page(
      { near, radiusKm: 50, cuisines: kind.endsWith('cuisine') ? [cuisines[i % cuisines.length]!] : [] },
      { sort: sorts[i % sorts.length]!, limit: 12, offset: 12 * (i % 3), countCap: 1000 },
    );
  }
  console.log(`${kind.padEnd(28)} ${(((performance.now() - t0) / N) * 1000).toFixed(0)} µs a page`);
}
await db.end();
