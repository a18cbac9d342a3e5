// findForOrder (decisions 017 and 021) answers what findPreset, findChefsOfPreset and findMenus
// answer, in one prepared statement per number of menus (unprepared above 16): the same rows
// for any count, and still after PostgreSQL switched the statement to its generic plan.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import type { Db } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { createOrderCatalogueRepository } from './order-catalogue.repository.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await ensureDemoData(db, { info() {}, warn() {} });
}, 120_000);
afterAll(async () => {
  await database?.drop();
});

it('reads the preset, its chefs and 0, 3 or 20 menus as the separate reads do, every time', async () => {
  const catalogue = createOrderCatalogueRepository(db);
  const { rows: presets } = await db.query<{ preset_id: number }>(
    'SELECT preset_id FROM preset_chefs ORDER BY preset_id LIMIT 1',
  );
  const presetId = presets[0]!.preset_id;
  const { rows: menus } = await db.query<{ id: number }>('SELECT id FROM menus ORDER BY id LIMIT 20');
  expect(menus).toHaveLength(20);
  const chefs = await catalogue.findChefsOfPreset(presetId);
  expect(chefs.length).toBeGreaterThan(0);
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

  for (const count of [0, 3, 20]) {
    const ids = menus.slice(0, count).map((m) => m.id);
    const expected = {
      preset: await catalogue.findPreset(presetId),
      chefs,
      menus: (await catalogue.findMenus(ids)).sort(byId),
    };
    // past the fifth call a prepared statement may run on its generic plan
    for (let call = 0; call < 7; call++) {
      const found = await catalogue.findForOrder(presetId, ids);
      expect({ ...found, menus: found.menus.sort(byId) }).toEqual(expected);
    }
  }
  // an unknown preset and menu: nothing found, no error
  expect(await catalogue.findForOrder(0, [0])).toEqual({ preset: undefined, chefs: [], menus: [] });
});
