import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../test/helpers.js';
import { repairGeneratedArt } from './generated-art.js';
import { migrate } from './migrate.js';

// A database written before dish types (decision 074, migration 058): its dishes show
// /media/art/dish/<id>-plate.svg whatever they are, owner-added dishes show nothing, banners are drawn from an id alone.

describe('repairGeneratedArt over a catalogue written before dish types', () => {
  let t: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  const ids: Record<string, number> = {};
  const photo = '/media/photos/c1/0123456789abcdef01234567-f500x500-card-400_800.webp';

  const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query(sql, params)).rows[0] as T;
  const url = async (table: string, column: string, id: number) =>
    (await one<{ url: string }>(`SELECT ${column} AS url FROM ${table} WHERE id = $1`, [id])).url;

  beforeAll(async () => {
    t = await createEmptyTestDatabase();
    await migrate(t.db, { stopBefore: '058' });
    ids.chef = (
      await one<{ id: number }>(
        `INSERT INTO chefs (slug, business_name, first_name, last_name, address1, city, province, zip, country, latitude, longitude,
                            cuisine_types)
         VALUES ('art-kitchen', 'Art Kitchen', 'A', 'B', '1 Main St', 'Toronto', 'ON', 'M5V 1A1', 'CA', 43.64, -79.39,
                 '{Japanese}') RETURNING id::int`,
      )
    ).id;
    await t.db.query(`UPDATE chefs SET main_image_url = '/media/art/chef-banner/' || id || '.svg' WHERE id = $1`, [
      ids.chef,
    ]);
    const dish = async (
      key: string,
      name: string,
      category: string,
      image: (id: number) => string,
      position: number,
    ) => {
      ids[key] = (
        await one<{ id: number }>(
          `INSERT INTO menus (chef_id, name, category_name, price_cents, position) VALUES ($1, $2, $3, 1000, $4) RETURNING id::int`,
          [ids.chef, name, category, position],
        )
      ).id;
      await t.db.query('UPDATE menus SET main_image_url = $2 WHERE id = $1', [ids[key], image(ids[key])]);
    };
    await dish('nigiri', 'Salmon Nigiri', 'Platters', (id) => `/media/art/dish/${id}-plate.svg`, 0);
    await dish('gyoza', 'Pork Gyoza', 'Sides', () => '', 1);
    await dish('miso', 'Miso Soup', 'Soups', () => photo, 2);
    await dish('ramen', 'Tonkotsu Ramen', 'Mains', (id) => `/media/art/dish/${id}-ramen.svg`, 3);
    await dish('special', 'House Special', 'Mains', (id) => `/media/art/dish/${id}-bowl.svg`, 4);
    ids.item = (
      await one<{ id: number }>(
        `INSERT INTO menu_items (menu_id, name, price_cents) VALUES ($1, 'Extra ginger', 0) RETURNING id::int`,
        [ids.nigiri],
      )
    ).id;
    await t.db.query(`UPDATE menu_items SET main_image_url = '/media/art/item/' || id || '.svg' WHERE id = $1`, [
      ids.item,
    ]);
    ids.restaurantPreset = (
      await one<{ id: number }>(
        `INSERT INTO presets (slug, name, preset_type, banner_image_url, search_result_image_url)
         VALUES ('art-kitchen', 'Art Kitchen', 'restaurant', (SELECT main_image_url FROM chefs WHERE id = $1),
                 (SELECT main_image_url FROM menus WHERE id = $2)) RETURNING id::int`,
        [ids.chef, ids.nigiri],
      )
    ).id;
    ids.catering = (
      await one<{ id: number }>(
        `INSERT INTO presets (slug, name, preset_type) VALUES ('art-lunch', 'Art Lunch', 'catering') RETURNING id::int`,
      )
    ).id;
    await t.db.query(`UPDATE presets SET banner_image_url = '/media/art/preset/' || id || '.svg' WHERE id = $1`, [
      ids.catering,
    ]);
    for (const [position, key] of ['ramen', 'gyoza'].entries())
      await t.db.query(
        'INSERT INTO preset_items (preset_id, chef_id, menu_id, quantity, position) VALUES ($1, $2, $3, 1, $4)',
        [ids.catering, ids.chef, ids[key], position],
      );
    // migration 058 drops the old shape hints; the repair then names each dish's type
    await migrate(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const announced: (readonly number[])[] = [];
  const announce = (chefIds: readonly number[]) => {
    announced.push(chefIds);
    return Promise.resolve();
  };

  it('gives every dish still showing generated art the picture of its type, and never touches a photo', async () => {
    const first = await repairGeneratedArt(t.db, announce);
    expect(first).toEqual({ dishes: 3, options: 1, banners: 2 });
    // running instances drop what they cached: the restaurant is announced as changed
    expect(announced.flat()).toContain(ids.chef);
    expect(await url('menus', 'main_image_url', ids.nigiri!)).toBe(`/media/art/dish/${ids.nigiri}-nigiri.svg`);
    // an owner-added dish without a picture gets one
    expect(await url('menus', 'main_image_url', ids.gyoza!)).toBe(`/media/art/dish/${ids.gyoza}-dumplings.svg`);
    // a name that says nothing: the kitchen's cuisine decides
    expect(await url('menus', 'main_image_url', ids.special!)).toBe(`/media/art/dish/${ids.special}-bento.svg`);
    expect(await url('menus', 'main_image_url', ids.miso!)).toBe(photo);
    expect(await url('menu_items', 'main_image_url', ids.item!)).toBe(`/media/art/item/${ids.item}-nigiri.svg`);
  });

  it('shows the restaurant its own dishes on its banners, and keeps search images on their dish', async () => {
    const banner = `/media/art/chef-banner/${ids.chef}-nigiri-dumplings-soup.svg`;
    expect(await url('chefs', 'main_image_url', ids.chef!)).toBe(banner);
    expect(await url('presets', 'banner_image_url', ids.restaurantPreset!)).toBe(banner);
    expect(await url('presets', 'search_result_image_url', ids.restaurantPreset!)).toBe(
      `/media/art/dish/${ids.nigiri}-nigiri.svg`,
    );
    expect(await url('presets', 'banner_image_url', ids.catering!)).toBe(
      `/media/art/preset/${ids.catering}-ramen-dumplings.svg`,
    );
  });

  it('has nothing left to do the second time', async () => {
    announced.length = 0;
    expect(await repairGeneratedArt(t.db, announce)).toEqual({ dishes: 0, options: 0, banners: 0 });
    expect(announced).toEqual([]);
  });
});
