import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';

// Migration 019: autovacuum runs with search_path = pg_catalog; the index chefs_earth_idx
// evaluates ll_to_earth, which must then still find cube() and earth().
describe('ll_to_earth under autovacuum search_path', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('analyzes chefs (its earth index expression) with search_path pg_catalog, as autovacuum does', async () => {
    const client = await t.db.connect();
    try {
      await client.query('SET search_path TO pg_catalog');
      const { rows } = await client.query<{ x: number }>(
        'SELECT public.cube_ll_coord(public.ll_to_earth(43.65, -79.38)::public.cube, 1) AS x',
      );
      expect(Math.round(rows[0]!.x)).toBe(
        Math.round(6378168 * Math.cos((43.65 * Math.PI) / 180) * Math.cos((-79.38 * Math.PI) / 180)),
      );
      await client.query('ANALYZE public.chefs');
    } finally {
      await client.query('RESET search_path').catch(() => undefined);
      client.release();
    }
  });
});
