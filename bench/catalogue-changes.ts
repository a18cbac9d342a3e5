// One catalogue change a second (or BENCH_CHANGES_PER_SECOND) on the benchmark database for
// `seconds`, from its own process: the change load of bench/README.md "Catalogue changes during
// the run", run beside a benchmark of any checkout (the one before the catalogue sync had no
// BENCH_CATALOGUE_CHANGES mode of its own).
//   npx tsx bench/catalogue-changes.ts <seconds>   (BENCH_DATABASE_URL, default caterway_bench)
import { createPool } from '../apps/api/src/db/pool.js';
import { startCatalogueChanges } from './lib/catalogue-changes.js';

const seconds = Number(process.argv[2] ?? 60);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
const db = createPool(url, { max: 1 });
const load = await startCatalogueChanges(db, Number(process.env.BENCH_CHANGES_PER_SECOND ?? 1));
const stop = async () => {
  await load.stop();
  console.log(`catalogue changes made: ${load.made}`);
  await db.end();
  process.exit(0);
};
setTimeout(() => void stop(), seconds * 1000);
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
