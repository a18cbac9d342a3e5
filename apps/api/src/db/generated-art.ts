// Brings a database written before dish types (decision 074) to the pictures the seed draws now:
// every dish and option still showing generated art gets the URL of its dish type, restaurant
// and preset banners show their own dishes. Uploaded photos are never touched (only URLs of the
// generated art, or none, are rewritten). Idempotent and cheap once done: the statements only
// select rows whose URL does not name a type yet.
import { bannerArtUrl, dishTypeOf, dishTypeOfArtUrl, dishTypes, itemArtUrl, type DishType } from '@caterway/domain';
import type { Queryable } from './pool.js';

const TYPED = `^/media/art/(dish|item)/[0-9]+-(${dishTypes.join('|')})\\.svg$`;

export interface ArtRepair {
  dishes: number;
  options: number;
  banners: number;
}

async function rewrite(db: Queryable, table: 'menus' | 'menu_items', rows: { id: number; old: string; url: string }[]) {
  if (!rows.length) return;
  await db.query(
    `UPDATE ${table} t SET main_image_url = u.url FROM unnest($1::bigint[], $2::text[]) u(id, url)
      WHERE t.id = u.id AND (t.main_image_url = '' OR t.main_image_url LIKE '/media/art/%')`,
    [rows.map((r) => r.id), rows.map((r) => r.url)],
  );
  if (table !== 'menus') return;
  const from = rows.filter((r) => r.old).map((r) => r.old);
  const to = rows.filter((r) => r.old).map((r) => r.url);
  // the search images of presets and the pictures a removed photo gives back follow their dish
  await db.query(
    `UPDATE presets p SET search_result_image_url = u.url FROM unnest($1::text[], $2::text[]) u(old, url)
      WHERE p.search_result_image_url = u.old`,
    [from, to],
  );
  await db.query(
    `UPDATE photos p SET replaced_url = u.url FROM unnest($1::text[], $2::text[]) u(old, url) WHERE p.replaced_url = u.old`,
    [from, to],
  );
}

async function repairDishes(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number; name: string; category: string; url: string; cuisines: string[] }>(
    `SELECT m.id::int, m.name, m.category_name AS category, m.main_image_url AS url, c.cuisine_types AS cuisines
       FROM menus m JOIN chefs c ON c.id = m.chef_id
      WHERE (m.main_image_url = '' OR m.main_image_url LIKE '/media/art/%') AND m.main_image_url !~ $1
      ORDER BY m.id`,
    [TYPED],
  );
  const changes = rows.map((r) => ({
    id: r.id,
    old: r.url,
    url: `/media/art/dish/${r.id}-${dishTypeOf({ name: r.name, category: r.category, cuisines: r.cuisines })}.svg`,
  }));
  await rewrite(db, 'menus', changes);
  return changes.length;
}

async function repairOptions(db: Queryable): Promise<number> {
  // only options that already showed generated art: an option the owner added has no picture
  const { rows } = await db.query<{ id: number; name: string; url: string; dish_url: string }>(
    `SELECT i.id::int, i.name, i.main_image_url AS url, m.main_image_url AS dish_url
       FROM menu_items i JOIN menus m ON m.id = i.menu_id
      WHERE i.main_image_url LIKE '/media/art/item/%' AND i.main_image_url !~ $1
      ORDER BY i.id`,
    [TYPED],
  );
  const changes = rows.map((r) => ({
    id: r.id,
    old: r.url,
    url: itemArtUrl(r.id, r.name, dishTypeOfArtUrl(r.dish_url) ?? 'plate'),
  }));
  await rewrite(db, 'menu_items', changes);
  return changes.length;
}

/** Banners still drawn from an id alone (/media/art/chef-banner/12.svg) show their dishes. */
async function repairBanners(db: Queryable): Promise<number> {
  const typesOf = (names: { name: string; category: string; url: string }[], cuisines: string[]): DishType[] =>
    names.map((d) => dishTypeOfArtUrl(d.url) ?? dishTypeOf({ name: d.name, category: d.category, cuisines }));
  const chefs = await db.query<{
    id: number;
    url: string;
    cuisines: string[];
    dishes: { name: string; category: string; url: string }[];
  }>(
    `SELECT c.id::int, c.main_image_url AS url, c.cuisine_types AS cuisines,
            coalesce((SELECT json_agg(json_build_object('name', m.name, 'category', m.category_name, 'url', m.main_image_url)
                                      ORDER BY m.position, m.id)
                        FROM menus m WHERE m.chef_id = c.id AND NOT m.is_deleted), '[]') AS dishes
       FROM chefs c WHERE c.main_image_url ~ '^/media/art/chef-banner/[0-9]+\\.svg$'`,
  );
  const chefChanges = chefs.rows.map((c) => ({
    id: c.id,
    old: c.url,
    url: bannerArtUrl('chef-banner', c.id, typesOf(c.dishes, c.cuisines)),
  }));
  if (chefChanges.length) {
    const args = [chefChanges.map((c) => c.id), chefChanges.map((c) => c.old), chefChanges.map((c) => c.url)];
    await db.query(
      `UPDATE chefs t SET main_image_url = u.url FROM unnest($1::bigint[], $2::text[], $3::text[]) u(id, old, url)
        WHERE t.id = u.id AND t.main_image_url = u.old`,
      args,
    );
    // a restaurant's own preset shows the restaurant's banner
    await db.query(
      `UPDATE presets p SET banner_image_url = u.url FROM unnest($1::bigint[], $2::text[], $3::text[]) u(id, old, url)
        WHERE p.banner_image_url = u.old`,
      args,
    );
    await db.query(
      `UPDATE photos p SET replaced_url = u.url FROM unnest($1::bigint[], $2::text[], $3::text[]) u(id, old, url)
        WHERE p.replaced_url = u.old`,
      args,
    );
  }
  const presets = await db.query<{
    id: number;
    url: string;
    dishes: { name: string; category: string; url: string }[];
  }>(
    `SELECT p.id::int, p.banner_image_url AS url,
            coalesce((SELECT json_agg(json_build_object('name', m.name, 'category', m.category_name, 'url', m.main_image_url)
                                      ORDER BY pi.position, pi.id)
                        FROM preset_items pi JOIN menus m ON m.id = pi.menu_id WHERE pi.preset_id = p.id), '[]') AS dishes
       FROM presets p WHERE p.banner_image_url ~ '^/media/art/preset/[0-9]+\\.svg$'`,
  );
  const presetChanges = presets.rows.map((p) => ({
    id: p.id,
    url: bannerArtUrl('preset', p.id, typesOf(p.dishes, [])),
  }));
  if (presetChanges.length)
    await db.query(
      `UPDATE presets t SET banner_image_url = u.url FROM unnest($1::bigint[], $2::text[]) u(id, url) WHERE t.id = u.id`,
      [presetChanges.map((p) => p.id), presetChanges.map((p) => p.url)],
    );
  return chefChanges.length + presetChanges.length;
}

/**
 * Runs at start-up, after the migrations; counts what it rewrote. When it rewrote anything,
 * every restaurant's catalogue is announced as changed (`catalogueChanged`, the catalogue-changes
 * repository's): instances already running with the old URLs cached drop them (decision 056).
 */
export async function repairGeneratedArt(
  db: Queryable,
  catalogueChanged: (chefIds: readonly number[]) => Promise<void>,
): Promise<ArtRepair> {
  const dishes = await repairDishes(db);
  const options = await repairOptions(db);
  const banners = await repairBanners(db);
  if (dishes || options || banners) {
    const { rows } = await db.query<{ id: number }>('SELECT id::int AS id FROM chefs');
    await catalogueChanged(rows.map((r) => r.id));
  }
  return { dishes, options, banners };
}
