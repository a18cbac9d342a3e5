import { bannerArtUrl, dishTypeOf, type DishType } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import { slugify } from '../../db/seed/generator.js';

// The menu as a restaurant edits it (issue 19 part 3, decision 052): menus (dishes), menu_items
// (their options), menu_categories (migration 042) and the restaurant's catering presets. Every
// write here runs in the caller's transaction, which also calls
// record(..., { catalogue: true }) (the service does both), so the storefront's caches drop the
// restaurant at commit.

export interface DishFields {
  name: string;
  description: string;
  price_cents: number;
  serves: number;
  min_order_amount: number;
  menu_type: 'single' | 'other';
  dietary_types: string[];
  allergens: string[];
  lead_time_hours: number | null;
  tax_category: 'prepared_food' | 'soda_beverage';
  category_name: string;
}

/** A dish as the editor reads it. */
export interface DishRow extends DishFields {
  id: number;
  chef_id: number;
  position: number;
  unavailable_until: string | null;
  main_image_url: string;
  /** ISO instant to the millisecond: the dish's version */
  updated_at: string;
  options: OptionRow[];
}

export interface OptionRow {
  id: number;
  name: string;
  price_cents: number;
  dietary_types: string[];
  max_quantity: number | null;
  position: number;
  unavailable_until: string | null;
}

export interface OptionFields {
  name: string;
  price_cents: number;
  dietary_types: string[];
  max_quantity: number | null;
}

export interface CategoryRow {
  name: string;
  position: number;
}

export interface ChefMenuInfo {
  id: number;
  business_name: string;
  pre_order_notice_hours: number;
  pre_order_min_order_amount_cents: number;
  cuisine_types: string[];
}

export interface PresetRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  number_of_guests: number;
  is_active: boolean;
  price_per_person_cents: number;
  minimum_order_amount_cents: number;
  dietary_types: string[];
  category_names: string[];
  chef_ids: number[];
  lines: {
    chef_id: number;
    menu_id: number;
    menu_name: string;
    quantity: number;
    menu_items_mapping: Record<string, number>;
    serving_details: string;
  }[];
}

export interface PresetLineWrite {
  chef_id: number;
  menu_id: number;
  quantity: number;
  menu_items_mapping: Record<string, number>;
  serving_details: string;
}

export interface PresetDerived {
  name: string;
  description: string;
  number_of_guests: number;
  is_active: boolean;
  price_per_person_cents: number;
  minimum_order_amount_cents: number;
  dietary_types: string[];
  cuisine_types: string[];
  serving_styles: string[];
  search_result_image_url: string;
  /** the dish types of the preset's lines, in order: its generated banner shows them */
  banner_types: DishType[];
}

const ISO_MS = `to_char(%s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const iso = (column: string) => ISO_MS.replace('%s', column);
const until = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL WHEN ${column} = 'infinity' THEN 'infinity' ELSE ${iso(column)} END`;

const DISH_COLUMNS = `m.id::int AS id, m.chef_id::int AS chef_id, m.name, m.description, m.price_cents, m.serves, m.min_order_amount,
  m.menu_type, m.dietary_types, m.allergens, m.lead_time_hours, m.tax_category, m.category_name, m.position,
  ${until('m.unavailable_until')} AS unavailable_until, m.main_image_url, ${iso('m.updated_at')} AS updated_at,
  COALESCE((SELECT json_agg(json_build_object('id', mi.id, 'name', mi.name, 'price_cents', mi.price_cents,
                 'dietary_types', mi.dietary_types, 'max_quantity', mi.max_quantity, 'position', mi.position,
                 'unavailable_until', ${until('mi.unavailable_until')}) ORDER BY mi.position, mi.id)
              FROM menu_items mi WHERE mi.menu_id = m.id AND NOT mi.is_deleted), '[]') AS options`;

/** A new version for a dish: now to the millisecond, and always after the one it replaces. */
const NEXT_VERSION = `greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')`;

// a preset held off the storefront while its restaurant is not live (decision 059) is active to its team
const PRESET_COLUMNS = `p.id::int AS id, p.slug, p.name, p.description, p.number_of_guests, (p.is_active OR p.held_by_restaurant) AS is_active, p.price_per_person_cents,
  p.minimum_order_amount_cents, p.dietary_types, p.category_names,
  ARRAY(SELECT pc.chef_id::int FROM preset_chefs pc WHERE pc.preset_id = p.id ORDER BY pc.position, pc.chef_id) AS chef_ids,
  COALESCE((SELECT json_agg(json_build_object('chef_id', pi.chef_id, 'menu_id', pi.menu_id, 'menu_name', m.name,
                 'quantity', pi.quantity, 'menu_items_mapping', pi.menu_items_mapping, 'serving_details', pi.serving_details)
                 ORDER BY pi.position, pi.id)
              FROM preset_items pi JOIN menus m ON m.id = pi.menu_id WHERE pi.preset_id = p.id), '[]') AS lines`;

/** A dish's fields in the order of the dish statements' parameters. */
const dishValues = (f: DishFields) => [
  f.name,
  f.description,
  f.price_cents,
  f.serves,
  f.min_order_amount,
  f.menu_type,
  f.dietary_types,
  f.allergens,
  f.lead_time_hours,
  f.tax_category,
  f.category_name,
];

/** The picture a dish of this restaurant shows: its name, category, then the kitchen's cuisine. */
async function artTypeOf(tx: Queryable, chefId: number, f: DishFields): Promise<DishType> {
  const { rows } = await tx.query<{ cuisines: string[] }>('SELECT cuisine_types AS cuisines FROM chefs WHERE id = $1', [
    chefId,
  ]);
  return dishTypeOf({ name: f.name, category: f.category_name, cuisines: rows[0]?.cuisines ?? [] });
}

export function createMenuEditorRepository(db: Queryable) {
  return {
    async chef(chefId: number, tx: Queryable = db): Promise<ChefMenuInfo> {
      const { rows } = await tx.query<ChefMenuInfo>(
        `SELECT id::int AS id, business_name, pre_order_notice_hours, pre_order_min_order_amount_cents, cuisine_types
           FROM chefs WHERE id = $1`,
        [chefId],
      );
      return rows[0]!;
    },

    async categories(chefId: number, tx: Queryable = db): Promise<CategoryRow[]> {
      const { rows } = await tx.query<CategoryRow>(
        'SELECT name, position FROM menu_categories WHERE chef_id = $1 ORDER BY position, name',
        [chefId],
      );
      return rows;
    },

    /** The restaurant's dishes (not deleted) in their order, with their options. */
    async dishes(chefId: number, tx: Queryable = db): Promise<DishRow[]> {
      const { rows } = await tx.query<DishRow>(
        `SELECT ${DISH_COLUMNS} FROM menus m WHERE m.chef_id = $1 AND NOT m.is_deleted ORDER BY m.position, m.id`,
        [chefId],
      );
      return rows;
    },

    /** One dish of the restaurant (not deleted), locked for the transaction when `lock`. */
    async dish(chefId: number, dishId: number, tx: Queryable = db, lock = false): Promise<DishRow | undefined> {
      if (lock) await tx.query('SELECT 1 FROM menus WHERE id = $1 AND chef_id = $2 FOR UPDATE', [dishId, chefId]);
      const { rows } = await tx.query<DishRow>(
        `SELECT ${DISH_COLUMNS} FROM menus m WHERE m.id = $1 AND m.chef_id = $2 AND NOT m.is_deleted`,
        [dishId, chefId],
      );
      return rows[0];
    },

    /** Locks the restaurant's menu for a reorder (one writer of positions at a time). */
    async lockMenu(chefId: number, tx: Queryable): Promise<void> {
      await tx.query('SELECT 1 FROM chefs WHERE id = $1 FOR UPDATE', [chefId]);
    },

    async insertDish(chefId: number, f: DishFields, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO menus (chef_id, name, description, price_cents, serves, min_order_amount, menu_type, dietary_types,
                            allergens, lead_time_hours, tax_category, category_name, position, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                 (SELECT coalesce(max(position), -1) + 1 FROM menus WHERE chef_id = $1), date_trunc('milliseconds', clock_timestamp()))
         RETURNING id::int AS id`,
        [chefId, ...dishValues(f)],
      );
      const id = rows[0]!.id;
      // until the restaurant uploads a photo, the dish shows the picture its name says (decision 074)
      await tx.query(`UPDATE menus m SET main_image_url = $2 || m.id || '-' || $3 || '.svg' WHERE m.id = $1`, [
        id,
        '/media/art/dish/',
        await artTypeOf(tx, chefId, f),
      ]);
      return id;
    },

    /** Rewrites a dish if its version is still `version`; false when another change came first. */
    async updateDish(chefId: number, dishId: number, version: string, f: DishFields, tx: Queryable): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE menus SET name = $4, description = $5, price_cents = $6, serves = $7, min_order_amount = $8, menu_type = $9,
                dietary_types = $10, allergens = $11, lead_time_hours = $12, tax_category = $13, category_name = $14,
                main_image_url = CASE WHEN main_image_url = '' OR main_image_url LIKE '/media/art/%'
                                      THEN '/media/art/dish/' || id || '-' || $15 || '.svg' ELSE main_image_url END,
                updated_at = ${NEXT_VERSION}
          WHERE id = $1 AND chef_id = $2 AND NOT is_deleted
            AND date_trunc('milliseconds', updated_at) = $3::timestamptz`,
        [dishId, chefId, version, ...dishValues(f), await artTypeOf(tx, chefId, f)],
      );
      return rowCount === 1;
    },

    /** A new version of the dish (its options changed). */
    async touchDish(dishId: number, tx: Queryable): Promise<void> {
      await tx.query(`UPDATE menus SET updated_at = ${NEXT_VERSION} WHERE id = $1`, [dishId]);
    },

    async deleteDish(dishId: number, tx: Queryable): Promise<void> {
      await tx.query(`UPDATE menus SET is_deleted = true, updated_at = ${NEXT_VERSION} WHERE id = $1`, [dishId]);
    },

    async insertOption(dishId: number, f: OptionFields, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO menu_items (menu_id, name, price_cents, dietary_types, max_quantity, position)
         VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position), -1) + 1 FROM menu_items WHERE menu_id = $1))
         RETURNING id::int AS id`,
        [dishId, f.name, f.price_cents, f.dietary_types, f.max_quantity],
      );
      return rows[0]!.id;
    },

    async updateOption(optionId: number, f: OptionFields, tx: Queryable): Promise<void> {
      await tx.query(
        'UPDATE menu_items SET name = $2, price_cents = $3, dietary_types = $4, max_quantity = $5 WHERE id = $1',
        [optionId, f.name, f.price_cents, f.dietary_types, f.max_quantity],
      );
    },

    async deleteOption(optionId: number, tx: Queryable): Promise<void> {
      await tx.query('UPDATE menu_items SET is_deleted = true WHERE id = $1', [optionId]);
    },

    async insertCategory(chefId: number, name: string, tx: Queryable): Promise<boolean> {
      const { rowCount } = await tx.query(
        `INSERT INTO menu_categories (chef_id, name, position)
         VALUES ($1, $2, (SELECT coalesce(max(position), -1) + 1 FROM menu_categories WHERE chef_id = $1))
         ON CONFLICT DO NOTHING`,
        [chefId, name],
      );
      return rowCount === 1;
    },

    /** Renames a category and moves its dishes with it. */
    async renameCategory(chefId: number, from: string, to: string, tx: Queryable): Promise<number> {
      await tx.query('UPDATE menu_categories SET name = $3 WHERE chef_id = $1 AND name = $2', [chefId, from, to]);
      const { rowCount } = await tx.query(
        `UPDATE menus SET category_name = $3, updated_at = ${NEXT_VERSION}
          WHERE chef_id = $1 AND category_name = $2 AND NOT is_deleted`,
        [chefId, from, to],
      );
      return rowCount ?? 0;
    },

    async setCategoryOrder(chefId: number, names: string[], tx: Queryable): Promise<void> {
      await tx.query(
        `UPDATE menu_categories c SET position = o.ordinality - 1
           FROM unnest($2::text[]) WITH ORDINALITY AS o(name, ordinality)
          WHERE c.chef_id = $1 AND c.name = o.name`,
        [chefId, names],
      );
    },

    async deleteCategory(chefId: number, name: string, tx: Queryable): Promise<void> {
      await tx.query('DELETE FROM menu_categories WHERE chef_id = $1 AND name = $2', [chefId, name]);
    },

    /** Puts a dish in a category; positions are then renumbered (renumber). */
    async setDishCategory(dishId: number, category: string, tx: Queryable): Promise<void> {
      await tx.query(`UPDATE menus SET category_name = $2, updated_at = ${NEXT_VERSION} WHERE id = $1`, [
        dishId,
        category,
      ]);
    },

    /**
     * Numbers the restaurant's dishes 0.. by their category's place and, within a category, in
     * `order` (dish ids) when given, else their present order. The storefront lists dishes by
     * position, so its categories follow the editor's order.
     */
    async renumber(chefId: number, tx: Queryable, order: number[] = []): Promise<void> {
      await tx.query(
        `UPDATE menus m SET position = n.position
           FROM (SELECT m2.id, (row_number() OVER (ORDER BY c.position NULLS LAST, m2.category_name,
                        array_position($2::bigint[], m2.id) NULLS LAST, m2.position, m2.id))::int - 1 AS position
                   FROM menus m2 LEFT JOIN menu_categories c ON c.chef_id = m2.chef_id AND c.name = m2.category_name
                  WHERE m2.chef_id = $1 AND NOT m2.is_deleted) n
          WHERE m.id = n.id AND m.position <> n.position`,
        [chefId, order],
      );
    },

    /** Names of the catering presets (active or not) that hold a dish. */
    async presetsHolding(dishId: number, tx: Queryable = db): Promise<string[]> {
      const { rows } = await tx.query<{ name: string }>(
        `SELECT DISTINCT p.name FROM preset_items pi JOIN presets p ON p.id = pi.preset_id
          WHERE pi.menu_id = $1 AND p.preset_type = 'catering' ORDER BY p.name`,
        [dishId],
      );
      return rows.map((r) => r.name);
    },

    /** The restaurant's catering presets (its own and those it shares), newest first. */
    async presets(chefId: number, tx: Queryable = db): Promise<PresetRow[]> {
      const { rows } = await tx.query<PresetRow>(
        `SELECT ${PRESET_COLUMNS} FROM presets p
          WHERE p.preset_type = 'catering' AND EXISTS (SELECT 1 FROM preset_chefs pc WHERE pc.preset_id = p.id AND pc.chef_id = $1)
          ORDER BY (p.is_active OR p.held_by_restaurant) DESC, p.name, p.id`,
        [chefId],
      );
      return rows;
    },

    async preset(chefId: number, presetId: number, tx: Queryable = db, lock = false): Promise<PresetRow | undefined> {
      const { rows } = await tx.query<PresetRow>(
        `SELECT ${PRESET_COLUMNS} FROM presets p
          WHERE p.id = $2 AND p.preset_type = 'catering'
            AND EXISTS (SELECT 1 FROM preset_chefs pc WHERE pc.preset_id = p.id AND pc.chef_id = $1)
          ${lock ? 'FOR UPDATE OF p' : ''}`,
        [chefId, presetId],
      );
      return rows[0];
    },

    /** Catering presets with a line of one of these dishes (their derived fields follow the dishes). */
    async presetIdsHoldingChef(chefId: number, tx: Queryable): Promise<{ id: number; chef_id: number }[]> {
      const { rows } = await tx.query<{ id: number; chef_id: number }>(
        `SELECT DISTINCT p.id::int AS id, (SELECT pc.chef_id::int FROM preset_chefs pc WHERE pc.preset_id = p.id
                                            ORDER BY pc.position, pc.chef_id LIMIT 1) AS chef_id
           FROM presets p JOIN preset_items pi ON pi.preset_id = p.id
          WHERE pi.chef_id = $1 AND p.preset_type = 'catering'
          ORDER BY 1`,
        [chefId],
      );
      return rows;
    },

    async insertPreset(chefId: number, name: string, tx: Queryable): Promise<{ id: number; slug: string }> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO presets (slug, name, preset_type, serving_styles, order_count, average_rating)
         VALUES ('new-' || gen_random_uuid(), $1, 'catering', '{}', 0, 0) RETURNING id::int AS id`,
        [name],
      );
      const id = rows[0]!.id;
      const slug = `${slugify(name).slice(0, 60) || 'preset'}-${id}`;
      await tx.query(`UPDATE presets SET slug = $2, banner_image_url = $3 WHERE id = $1`, [
        id,
        slug,
        `/media/art/preset/${id}.svg`,
      ]);
      await tx.query('INSERT INTO preset_chefs (preset_id, chef_id, position) VALUES ($1, $2, 0)', [id, chefId]);
      return { id, slug };
    },

    async writePreset(presetId: number, d: PresetDerived, tx: Queryable): Promise<void> {
      await tx.query(
        // an active preset of a restaurant that is not live is held: it goes on the storefront
        // when operations publish the restaurant (decision 059)
        `UPDATE presets p SET name = $2, description = $3, number_of_guests = $4, price_per_person_cents = $6,
                minimum_order_amount_cents = $7, dietary_types = $8, cuisine_types = $9, serving_styles = $10,
                search_result_image_url = $11,
                banner_image_url = CASE WHEN p.banner_image_url ~ '^/media/art/preset/' THEN $12 ELSE p.banner_image_url END,
                is_active = $5 AND live.all_live, held_by_restaurant = $5 AND NOT live.all_live
           FROM (SELECT coalesce(bool_and(c.status = 'live'), true) AS all_live
                   FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id WHERE pc.preset_id = $1) live
          WHERE p.id = $1`,
        [
          presetId,
          d.name,
          d.description,
          d.number_of_guests,
          d.is_active,
          d.price_per_person_cents,
          d.minimum_order_amount_cents,
          d.dietary_types,
          d.cuisine_types,
          d.serving_styles,
          d.search_result_image_url,
          bannerArtUrl('preset', presetId, d.banner_types),
        ],
      );
    },

    async writePresetLines(presetId: number, lines: PresetLineWrite[], tx: Queryable): Promise<void> {
      await tx.query('DELETE FROM preset_items WHERE preset_id = $1', [presetId]);
      await tx.query(
        `INSERT INTO preset_items (preset_id, chef_id, menu_id, quantity, menu_items_mapping, serving_details, position)
         SELECT $1, l.chef_id, l.menu_id, l.quantity, l.menu_items_mapping, l.serving_details, l.ordinality - 1
           FROM ROWS FROM (jsonb_to_recordset($2::jsonb)
                AS (chef_id bigint, menu_id bigint, quantity int, menu_items_mapping jsonb, serving_details text))
                WITH ORDINALITY AS l(chef_id, menu_id, quantity, menu_items_mapping, serving_details, ordinality)`,
        [presetId, JSON.stringify(lines)],
      );
    },

    /** A dish's serving details changed (its kind or whom it serves): its preset lines say so, kept in place. */
    async writeServingDetails(presetId: number, lines: PresetLineWrite[], tx: Queryable): Promise<void> {
      await tx.query(
        `UPDATE preset_items pi SET serving_details = l.serving_details
           FROM jsonb_to_recordset($2::jsonb) AS l(menu_id bigint, serving_details text)
          WHERE pi.preset_id = $1 AND pi.menu_id = l.menu_id AND pi.serving_details <> l.serving_details`,
        [presetId, JSON.stringify(lines)],
      );
    },

    /** Adopts categories that dishes name but menu_categories lacks (rows loaded outside the editor), after the others. */
    async adoptCategories(chefId: number, tx: Queryable): Promise<void> {
      await tx.query(
        `INSERT INTO menu_categories (chef_id, name, position)
         SELECT $1, o.name, (SELECT coalesce(max(position), -1) FROM menu_categories WHERE chef_id = $1) + o.n
           FROM (SELECT m.category_name AS name, row_number() OVER (ORDER BY min(m.position), m.category_name)::int AS n
                   FROM menus m
                  WHERE m.chef_id = $1 AND NOT m.is_deleted
                    AND NOT EXISTS (SELECT 1 FROM menu_categories c WHERE c.chef_id = $1 AND c.name = m.category_name)
                  GROUP BY m.category_name) o
         ON CONFLICT DO NOTHING`,
        [chefId],
      );
    },

    /** Dishes (any restaurant's, deleted or not) with their options, by id: for presets' derived fields. */
    async dishesById(ids: readonly number[], tx: Queryable): Promise<Map<number, DishRow & { is_deleted: boolean }>> {
      if (!ids.length) return new Map();
      const { rows } = await tx.query<DishRow & { is_deleted: boolean }>(
        `SELECT ${DISH_COLUMNS}, m.is_deleted FROM menus m WHERE m.id = ANY($1::bigint[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.id, r]));
    },

    async chefsById(ids: readonly number[], tx: Queryable): Promise<ChefMenuInfo[]> {
      const { rows } = await tx.query<ChefMenuInfo>(
        `SELECT id::int AS id, business_name, pre_order_notice_hours, pre_order_min_order_amount_cents, cuisine_types
           FROM chefs WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      return rows;
    },

    /** The search documents of the restaurant's page and presets (dish names and tags are searched). */
    async refreshSearch(chefId: number, tx: Queryable): Promise<void> {
      await tx.query(
        `SELECT refresh_preset_search(array(
           SELECT pc.preset_id FROM preset_chefs pc JOIN presets p ON p.id = pc.preset_id
            WHERE pc.chef_id = $1 AND p.preset_type IN ('restaurant', 'catering')))`,
        [chefId],
      );
    },

    /** The restaurant's page (its 'restaurant' preset) lists the dietary tags of all its dishes. */
    async refreshRestaurantPresetDiets(chefId: number, tx: Queryable): Promise<void> {
      await tx.query(
        `UPDATE presets p SET dietary_types = coalesce((SELECT array_agg(DISTINCT d ORDER BY d)
                                                         FROM menus m, unnest(m.dietary_types) d
                                                        WHERE m.chef_id = $1 AND NOT m.is_deleted), '{}')
          WHERE p.preset_type = 'restaurant' AND EXISTS (SELECT 1 FROM preset_chefs pc WHERE pc.preset_id = p.id AND pc.chef_id = $1)`,
        [chefId],
      );
    },
  };
}

export type MenuEditorRepository = ReturnType<typeof createMenuEditorRepository>;
