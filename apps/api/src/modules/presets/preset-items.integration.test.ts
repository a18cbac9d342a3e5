import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetDetailResponseSchema } from '@caterway/contracts';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';

// Preset items carry the documents' fields (ordering-payments §3 'Preset item'; issue 16 item 9):
// servingDetails (stored per item, migration 030), images (the dish's) and averageRating (the preset's).

describe('preset item fields', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(new Date('2026-03-02T14:00:00Z'));
  }, 120_000);
  afterAll(() => ctx.close());

  it('answers serving_details, images and average_rating on every item', async () => {
    const { rows } = await ctx.db.query<{ slug: string }>(
      `SELECT p.slug FROM presets p WHERE p.is_active AND p.preset_type = 'catering'
          AND EXISTS (SELECT 1 FROM preset_items pi JOIN menus m ON m.id = pi.menu_id WHERE pi.preset_id = p.id AND m.menu_type = 'other')
        ORDER BY p.id LIMIT 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${rows[0]!.slug}` });
    expect(res.statusCode).toBe(200);
    const { preset } = presetDetailResponseSchema.parse(res.json());
    expect(preset.preset_items.length).toBeGreaterThan(0);
    for (const item of preset.preset_items) {
      expect(item.average_rating).toBe(preset.average_rating);
      expect(item.images).toEqual([item.main_image_url]);
      const stored = await ctx.db.query('SELECT serving_details FROM preset_items WHERE id = $1', [item.id]);
      expect(item.serving_details).toBe(stored.rows[0].serving_details);
      expect(item.serving_details).toMatch(
        item.menu_type === 'single'
          ? new RegExp(`^${item.quantity} individually packaged portions?, one per guest\\.$`)
          : new RegExp(`^${item.quantity} trays?, each serving about \\d+ guests\\.$`),
      );
    }
    expect(preset.preset_items.some((i) => i.menu_type === 'other')).toBe(true);
  });

  it("answers each dish's serves (menus.serves) on the lines and the chefs' menus (issue 20 headcount)", async () => {
    await ctx.db.query(
      `UPDATE menus SET serves = 12 WHERE id = (SELECT pi.menu_id FROM preset_items pi JOIN presets p ON p.id = pi.preset_id
         WHERE p.is_active AND p.preset_type = 'catering' ORDER BY p.id, pi.id LIMIT 1)`,
    );
    const { rows } = await ctx.db.query<{ slug: string }>(
      `SELECT slug FROM presets WHERE is_active AND preset_type = 'catering' ORDER BY id LIMIT 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${rows[0]!.slug}` });
    const { preset } = presetDetailResponseSchema.parse(res.json());
    const stored = await ctx.db.query<{ id: string; serves: number }>(
      'SELECT id, serves FROM menus WHERE chef_id = ANY($1::bigint[]) AND NOT is_deleted',
      [preset.chefs.map((c) => c.id)],
    );
    const serves = new Map(stored.rows.map((r) => [Number(r.id), r.serves]));
    for (const item of preset.preset_items) expect(item.serves).toBe(serves.get(item.menu_id));
    for (const menu of preset.chefs.flatMap((c) => c.menus)) expect(menu.serves).toBe(serves.get(menu.id));
    expect(preset.preset_items[0]!.serves).toBe(12);
  });
});
