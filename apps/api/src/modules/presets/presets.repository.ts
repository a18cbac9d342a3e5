import type { RestaurantCalendar, StoreHoursMap } from '@caterway/domain';
import type { MenuItemRow as CatalogueMenuItemRow, MenuRow } from '../../db/catalogue-rows.js';
import { chefCalendarJson } from '../../db/chef-calendar.js';
import { prepared, type Queryable } from '../../db/pool.js';
import { nearSql } from './presets.sql-parts.js';
import { LISTING_RADIUS_KM, type GeoPoint } from './presets.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export { distanceOrderSql, nearSql } from './presets.sql-parts.js';
export { LISTING_RADIUS_KM } from './presets.types.js';
export type { GeoPoint } from './presets.types.js';

// The only SQL of catalogue reads (presets, chefs, menus). Listing queries pick ids on the
// presets table alone (indexes of 002_search.sql); cardsByIds then joins chefs, tags and cart
// totals for those few ids. The search module reuses cardsByIds and the geo snippets.

/** How many of the most ordered presets walkPopularNear walks before it asks the radius query. */
export const POPULAR_WALK = 2000;

export interface CardChefRow {
  id: number;
  slug: string;
  business_name: string;
  address1: string;
  city: string;
  country: 'CA' | 'US';
  latitude: number;
  longitude: number;
  time_zone: string;
  profile_image_url: string;
  main_image_url: string;
  pre_order_notice_hours: number;
  delivery_radius_km: number;
  /** the delivery fee by distance, ordered by min_km */
  delivery_fee_ranges: { min_km: number; max_km: number; fee_cents: number }[];
  store_hours: StoreHoursMap;
  /** closures still to come and the pause (decision 055) */
  calendar: RestaurantCalendar;
}

/** What a detail request looks a preset up by (id, slug or chef slug) and who may read it. */
export interface PresetKeyRow {
  id: number;
  slug: string;
  preset_type: string;
  owner_user_id: number | null;
  /** a saved cart's share link token (migration 031) */
  share_token: string;
}

export interface CardRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  preset_type: 'restaurant' | 'catering' | 'save_for_later';
  base_preset_id: number | null;
  owner_user_id: number | null;
  order_count: number;
  average_rating: number;
  rating_count: number;
  number_of_guests: number;
  price_per_person_cents: number;
  minimum_order_amount_cents: number;
  serving_styles: string[];
  banner_image_url: string;
  search_result_image_url: string;
  category_names: string[];
  cuisine_types: string[];
  dietary_types: string[];
  total_price_cents: number;
  /** the default cart's lines: what a headcount scales, as the cart does (decisions 070, 071) */
  default_lines?: { quantity: number; price_cents: number; serves: number; min_order_amount: number }[];
  tags: { id: number; name: string; color: string }[];
  chefs: CardChefRow[];
}

export interface ChefRow extends CardChefRow {
  first_name: string;
  last_name: string;
  description: string;
  address2: string;
  province: string;
  zip: string;
  pre_order_min_order_amount_cents: number;
  addon_maximum_items_qty: number;
  eft_enabled: boolean;
  cuisine_types: string[];
}

/** A dish as the detail shows it: with its own lead time (decision 052; null: the restaurant's notice). */
export type DetailMenuRow = MenuRow & { lead_time_hours: number | null; serves: number };
/** A menu item as the detail page reads it (its order is the query's). */
export type MenuItemRow = Omit<CatalogueMenuItemRow, 'position'>;

export interface PresetItemRow {
  id: number;
  chef_id: number;
  menu_id: number;
  quantity: number;
  special_instruction: string;
  menu_items_mapping: Record<string, number>;
  serving_details: string;
  /** a saved cart's line: the dish's price when saved (decision 060) */
  saved_unit_price_cents: number | null;
  name: string;
  category_name: string;
  price_cents: number;
  main_image_url: string;
  dietary_types: string[];
  menu_type: 'single' | 'other';
  min_order_amount: number;
  /** how many people one unit of the dish feeds (menus.serves; issue 20) */
  serves: number;
}

const CARD_SQL = `
  SELECT p.id, p.slug, p.name, p.description, p.preset_type, p.base_preset_id, p.owner_user_id, p.order_count,
         p.average_rating, p.rating_count, p.number_of_guests, p.price_per_person_cents, p.minimum_order_amount_cents, p.serving_styles,
         p.banner_image_url, p.search_result_image_url, p.category_names, p.cuisine_types, p.dietary_types,
         coalesce((SELECT sum(pi.quantity * m.price_cents) FROM preset_items pi JOIN menus m ON m.id = pi.menu_id
                    WHERE pi.preset_id = p.id), 0)::bigint AS total_price_cents,
         coalesce((SELECT json_agg(json_build_object('quantity', pi.quantity, 'price_cents', m.price_cents,
                     'serves', m.serves, 'min_order_amount', m.min_order_amount) ORDER BY pi.id)
                     FROM preset_items pi JOIN menus m ON m.id = pi.menu_id WHERE pi.preset_id = p.id), '[]') AS default_lines,
         coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name)
                     FROM preset_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.preset_id = p.id), '[]') AS tags,
         coalesce((SELECT json_agg(json_build_object(
                     'id', c.id, 'slug', c.slug, 'business_name', c.business_name, 'address1', c.address1, 'city', c.city,
                     'country', c.country, 'latitude', c.latitude, 'longitude', c.longitude, 'time_zone', c.time_zone,
                     'profile_image_url', c.profile_image_url, 'main_image_url', c.main_image_url,
                     'pre_order_notice_hours', c.pre_order_notice_hours, 'delivery_radius_km', c.delivery_radius_km,
                     'delivery_fee_ranges', c.delivery_fee_ranges, 'store_hours', c.store_hours, 'calendar', ${chefCalendarJson('c')}) ORDER BY pc.position, c.id)
                     FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id WHERE pc.preset_id = p.id), '[]') AS chefs
    FROM presets p`;

export function createPresetsRepository(db: Queryable) {
  return {
    /** Card rows for the given ids, in the order of the ids. */
    async cardsByIds(ids: readonly number[], tx: Queryable = db): Promise<CardRow[]> {
      if (!ids.length) return [];
      // The ids reach the plan through a subquery, so no plan depends on how many there are and
      // PostgreSQL keeps one generic plan (a few cards missing from the card cache planned
      // cheaper than a dozen, and every call was planned anew: 0.3-0.5 ms; docs/decisions/022).
      const { rows } = await tx.query<CardRow>(
        prepared(`${CARD_SQL} WHERE p.id = ANY((SELECT $1::bigint[])::bigint[])`, [ids]),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is CardRow => !!r);
    },

    /**
     * Most ordered first, then keep those near the point, for several lists in one statement
     * (the home page's four): in a city each page is found after a few hundred index tuples
     * (presets_*_popular_geo_idx, index-only), where the radius query of findPopularIds reads
     * and sorts every preset of the city. Each walk reads at most POPULAR_WALK tuples; a list
     * it cannot fill is null, and findPopularIds answers it, so the lists are the same either way.
     *
     * The point, its box and the chord are computed once (pt) and every other value the plan
     * depends on is a literal, so PostgreSQL keeps one generic plan per connection instead of
     * planning four walks on every call (docs/decisions/022).
     */
    async walkPopularNear(
      near: GeoPoint,
      lists: readonly { presetType: 'restaurant' | 'catering'; group?: string }[],
      options: { radiusKm?: number; limit: number },
      tx: Queryable = db,
    ): Promise<(number[] | null)[]> {
      if (!Number.isInteger(options.limit) || options.limit < 1)
        throw new Error(`walkPopularNear: limit ${options.limit}`);
      const params: unknown[] = [near.latitude, near.longitude, (options.radiusKm ?? LISTING_RADIUS_KM) * 1000];
      const walks = lists.map((list, i) => {
        const type = list.presetType === 'restaurant' ? 'restaurant' : 'catering';
        let groupSql = '';
        if (list.group) {
          params.push([list.group]);
          groupSql = `x.category_names @> $${params.length}::text[] AND`;
        }
        return `ARRAY(SELECT x.id FROM (
                  SELECT p.id, p.location${type === 'catering' ? ', p.category_names' : ''} FROM presets p
                   WHERE p.preset_type = '${type}' AND p.is_active
                   ORDER BY p.order_count DESC, p.id LIMIT ${POPULAR_WALK}) x
                 WHERE ${groupSql} x.location <@ (SELECT box FROM pt)
                   AND x.location <-> (SELECT centre FROM pt) <= (SELECT chord FROM pt)
                 LIMIT ${options.limit}) AS list${i}`;
      });
      const { rows } = await tx.query<Record<string, (number | string)[]>>(
        prepared(
          // the same tests as nearSql, on values computed once
          `WITH pt AS MATERIALIZED (
             SELECT ll_to_earth($1, $2)::cube AS centre, earth_box(ll_to_earth($1, $2), $3) AS box,
                    2 * earth() * sin($3::float8 / (2 * earth())) AS chord)
           SELECT ${walks.join(',\n')}`,
          params,
        ),
      );
      return lists.map((_, i) => {
        const ids = rows[0]![`list${i}`]!.map(Number); // bigint[] comes as strings
        return ids.length === options.limit ? ids : null;
      });
    },

    /**
     * Ids of active presets of a type, most ordered first, within radiusKm of a point when
     * given (the radius query: walkPopularNear finds a city's lists faster); only those in a
     * home group when given.
     */
    async findPopularIds(
      options: {
        presetType: 'restaurant' | 'catering';
        near?: GeoPoint | null;
        radiusKm?: number;
        group?: string;
        limit: number;
      },
      tx: Queryable = db,
    ): Promise<number[]> {
      const params: unknown[] = [options.presetType, options.limit];
      const where = ['p.preset_type = $1', 'p.is_active'];
      if (options.group) {
        params.push([options.group]);
        where.push(`p.category_names @> $${params.length}::text[]`);
      }
      if (options.near) {
        params.push(options.near.latitude, options.near.longitude, (options.radiusKm ?? LISTING_RADIUS_KM) * 1000);
        const n = params.length;
        where.push(nearSql(`$${n - 2}`, `$${n - 1}`, `$${n}`));
      }
      const { rows } = await tx.query<{ id: number }>(
        prepared(
          `SELECT p.id FROM presets p WHERE ${where.join(' AND ')} ORDER BY p.order_count DESC, p.id LIMIT $2`,
          params,
        ),
      );
      return rows.map((r) => r.id);
    },

    /** An active preset by numeric id, by slug, or (restaurant presets) by its chef's slug. */
    async findIdByKey(key: string, tx: Queryable = db): Promise<PresetKeyRow | undefined> {
      if (/^\d{1,15}$/.test(key)) {
        const { rows } = await tx.query<PresetKeyRow>(
          'SELECT id, slug, preset_type, owner_user_id, share_token FROM presets WHERE id = $1 AND is_active',
          [Number(key)],
        );
        if (rows[0]) return rows[0];
      }
      const { rows } = await tx.query<PresetKeyRow>(
        `SELECT id, slug, preset_type, owner_user_id, share_token FROM presets WHERE slug = $1 AND is_active
         UNION ALL
         SELECT p.id, p.slug, p.preset_type, p.owner_user_id, p.share_token
           FROM chefs c JOIN preset_chefs pc ON pc.chef_id = c.id
           JOIN presets p ON p.id = pc.preset_id AND p.preset_type = 'restaurant' AND p.is_active
          WHERE c.slug = $1
         LIMIT 1`,
        [key],
      );
      return rows[0];
    },

    async findChefsOfPreset(presetId: number, tx: Queryable = db): Promise<ChefRow[]> {
      const { rows } = await tx.query<ChefRow>(
        `SELECT c.id, c.slug, c.business_name, c.first_name, c.last_name, c.description, c.address1, c.address2, c.city,
                c.province, c.zip, c.country, c.latitude, c.longitude, c.time_zone, c.profile_image_url, c.main_image_url,
                c.pre_order_notice_hours, c.pre_order_min_order_amount_cents, c.addon_maximum_items_qty, c.eft_enabled,
                c.delivery_radius_km, c.delivery_fee_ranges, c.store_hours, c.cuisine_types
           FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
          WHERE pc.preset_id = $1
          ORDER BY pc.position, c.id`,
        [presetId],
      );
      return rows;
    },

    /** The chefs' menus that are not deleted, in menu order. */
    async findMenusOfChefs(chefIds: readonly number[], tx: Queryable = db): Promise<DetailMenuRow[]> {
      if (!chefIds.length) return [];
      const { rows } = await tx.query<DetailMenuRow>(
        `SELECT id, chef_id, name, description, category_name, menu_type, tax_category, price_cents, min_order_amount, dietary_types,
                main_image_url, is_deleted, position, lead_time_hours, serves
           FROM menus WHERE chef_id = ANY($1::bigint[]) AND NOT is_deleted
          ORDER BY chef_id, position, id`,
        [chefIds],
      );
      return rows;
    },

    async findMenuItemsOfMenus(menuIds: readonly number[], tx: Queryable = db): Promise<MenuItemRow[]> {
      if (!menuIds.length) return [];
      const { rows } = await tx.query<MenuItemRow>(
        `SELECT id, menu_id, name, price_cents, dietary_types, main_image_url
           FROM menu_items WHERE menu_id = ANY($1::bigint[]) AND NOT is_deleted
          ORDER BY menu_id, position, id`,
        [menuIds],
      );
      return rows;
    },

    /**
     * The dishes and options of the preset's restaurants sold out at `now` (decision 053): asked at
     * every detail read, outside the cached template. Only 86'd rows are in the partial indexes
     * (migration 044), so this is a probe of nearly empty indexes.
     */
    async soldOutOfPreset(presetId: number, now: Date): Promise<{ menu_ids: number[]; menu_item_ids: number[] }> {
      return soldOutAt(await soldOutEntriesOf(db, presetId, now), now.getTime());
    },

    /**
     * The dishes and options of the preset's restaurants 86'd at `now` or later, with the instant
     * each comes back (epoch ms; Infinity: until turned back on). Kept with a catalogue preset's
     * cached detail (a change of the restaurant drops both) and read against the clock.
     */
    soldOutEntries: (presetId: number, now: Date): Promise<SoldOutEntries> => soldOutEntriesOf(db, presetId, now),

    async findPresetItems(presetId: number, tx: Queryable = db): Promise<PresetItemRow[]> {
      const { rows } = await tx.query<PresetItemRow>(
        `SELECT pi.id, pi.chef_id, pi.menu_id, pi.quantity, pi.special_instruction, pi.menu_items_mapping, pi.serving_details, pi.saved_unit_price_cents,
                m.name, m.category_name, m.price_cents, m.main_image_url, m.dietary_types, m.menu_type, m.min_order_amount,
                m.serves
           FROM preset_items pi JOIN menus m ON m.id = pi.menu_id
          WHERE pi.preset_id = $1
          ORDER BY pi.position, pi.id`,
        [presetId],
      );
      return rows;
    },
  };
}
export type PresetsRepository = ReturnType<typeof createPresetsRepository>;

/** What a preset's restaurants have 86'd: [id, back at (epoch ms, Infinity: until turned on)]. */
export interface SoldOutEntries {
  menus: readonly (readonly [number, number])[];
  items: readonly (readonly [number, number])[];
}

/** The dishes and options still sold out at `nowMs`. */
export function soldOutAt(entries: SoldOutEntries, nowMs: number): { menu_ids: number[]; menu_item_ids: number[] } {
  return {
    menu_ids: entries.menus.filter(([, at]) => at > nowMs).map(([id]) => id),
    menu_item_ids: entries.items.filter(([, at]) => at > nowMs).map(([id]) => id),
  };
}

async function soldOutEntriesOf(db: Queryable, presetId: number, now: Date): Promise<SoldOutEntries> {
  const { rows } = await db.query<{ menus: [number, number | string][]; items: [number, number | string][] }>(
    prepared(
      `SELECT coalesce((SELECT json_agg(json_build_array(m.id, extract(epoch FROM m.unavailable_until) * 1000) ORDER BY m.id)
                            FROM preset_chefs pc JOIN menus m ON m.chef_id = pc.chef_id
                           WHERE pc.preset_id = $1 AND m.unavailable_until IS NOT NULL AND m.unavailable_until > $2), '[]') AS menus,
                coalesce((SELECT json_agg(json_build_array(mi.id, extract(epoch FROM mi.unavailable_until) * 1000) ORDER BY mi.id)
                            FROM preset_chefs pc JOIN menus m ON m.chef_id = pc.chef_id
                            JOIN menu_items mi ON mi.menu_id = m.id
                           WHERE pc.preset_id = $1 AND mi.unavailable_until IS NOT NULL AND mi.unavailable_until > $2), '[]') AS items`,
      [presetId, now],
    ),
  );
  // 'infinity' comes back as a JSON string (json has no Infinity): until turned back on
  const until = (v: number | string) => (typeof v === 'number' ? v : Infinity);
  return {
    menus: rows[0]!.menus.map(([id, at]) => [id, until(at)] as const),
    items: rows[0]!.items.map(([id, at]) => [id, until(at)] as const),
  };
}
