// npm run db:seed -- [--restaurants N] [--menu-items M] [--presets P] [--seed S] [--reset]
// Fills the catalogue of DATABASE_URL (or the embedded server) with the deterministic generator.
// The same generator makes the demo catalogue; large sizes are for benchmarks, e.g.
//   npm run db:seed -- --reset --restaurants 10000 --menu-items 100000
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../../config/env.js';
import { openDatabase } from '../../lib/runtime.js';
import { withTransaction } from '../pool.js';
import { insertDemoAccounts, replaceDemoStaffPassword } from './demo.js';
import { DEMO_SEED, demoOptions, resolveOptions } from './generator.js';
import { loadCatalogue, resetCatalogue } from './loader.js';

const usage = `Usage: npm run db:seed -- [options]
  --restaurants N   restaurants (chefs), default ${demoOptions.restaurants}
  --menu-items M    menu items in total, default 32 per restaurant
  --presets P       presets in total including one per restaurant, default 4.5 per restaurant
  --seed S          generator seed, default ${DEMO_SEED}; the same seed gives the same catalogue
  --reset           empty the catalogue tables first (presets, chefs, menus, tags, system vars;
                    rows that reference them, such as saved carts, go too)
  --no-accounts     do not create the demo accounts`;

function positiveInt(name: string, value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number (got ${value})\n\n${usage}`);
    process.exit(2);
  }
  return n;
}

const { values } = (() => {
  try {
    return parseArgs({
      // tolerate a stray '--' (npm passes one through when a script is run as `npm run x -- -- ...`)
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        restaurants: { type: 'string' },
        'menu-items': { type: 'string' },
        presets: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        'no-accounts': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const options = resolveOptions({
  seed: positiveInt('seed', values.seed, DEMO_SEED) as number,
  restaurants: positiveInt('restaurants', values.restaurants, demoOptions.restaurants) as number,
  menuItems: positiveInt('menu-items', values['menu-items'], undefined),
  presets: positiveInt('presets', values.presets, undefined),
});

const log = { info: console.log, warn: console.warn, error: console.error };
const config = loadConfigOrExit();
const database = await openDatabase(config, log as never);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
try {
  const started = performance.now();
  const summary = await withTransaction(database.db, async (client) => {
    if (values.reset) {
      await resetCatalogue(client);
      console.log(`Catalogue emptied in ${seconds(performance.now() - started)}.`);
    } else {
      const { rowCount } = await client.query('SELECT 1 FROM chefs LIMIT 1');
      if (rowCount) throw new Error('The catalogue already has restaurants. Pass --reset to replace it.');
    }
    console.log(
      `Generating ${options.restaurants} restaurants, ${options.menuItems} menu items and ${options.presets} presets (seed ${options.seed})...`,
    );
    let next = 0.1;
    const result = await loadCatalogue(client, { ...options, kind: 'cli' }, (done) => {
      if (options.restaurants && done.restaurants / options.restaurants >= next) {
        console.log(
          `  ${done.restaurants} restaurants, ${done.menuItems} menu items, ${done.presets} presets (${seconds(performance.now() - started)})`,
        );
        while (done.restaurants / options.restaurants >= next) next += 0.1;
      }
    });
    const accounts = values['no-accounts'] ? 0 : await insertDemoAccounts(client);
    return { ...result, accounts };
  });
  console.log(
    `Loaded ${summary.restaurants} restaurants, ${summary.menus} menus, ${summary.menu_items} menu items, ` +
      `${summary.presets} presets and ${summary.preset_items} preset items in ${seconds(summary.ms)} ` +
      `(total ${seconds(performance.now() - started)}, ${summary.accounts} demo accounts created).`,
  );
  // production: the demo staff account never keeps its published password (decision 028)
  const staff = config.isProduction ? await replaceDemoStaffPassword(database.db) : null;
  if (staff)
    console.log(
      `Staff account ${staff.email}: password ${staff.password} (shown only this once; change it after signing in)`,
    );
} catch (err) {
  console.error(`Seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
