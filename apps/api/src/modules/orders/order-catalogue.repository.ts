import type { DeliveryFeeRange } from '@caterway/domain';
import { chefCalendarJson } from '../../db/chef-calendar.js';
import { prepared, type Queryable } from '../../db/pool.js';
import type { OrderChefRow, OrderPresetRow } from './orders.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export type { OrderChefRow, OrderPresetRow } from './orders.types.js';

// Catalogue reads an order needs (preset, its chefs, menus with their items), always straight
// from the database: the server prices and checks every cart itself (ARCHITECTURE.md 'HTTP API').
// Also used by the saved-presets, group-orders and suggestions modules.

export interface OrderMenuItemRow {
  id: number;
  menu_id: number;
  name: string;
  price_cents: number;
  dietary_types: string[];
  position: number;
  /** an 86 (decision 053): null, 'infinity' or an ISO instant; compared with the clock at checkout */
  unavailable_until: string | null;
}

export interface OrderMenuRow {
  id: number;
  chef_id: number;
  name: string;
  category_name: string;
  menu_type: 'single' | 'other';
  tax_category: 'prepared_food' | 'soda_beverage';
  price_cents: number;
  min_order_amount: number;
  dietary_types: string[];
  is_deleted: boolean;
  position: number;
  /** an 86 (decision 053): null, 'infinity' or an ISO instant; compared with the clock at checkout */
  unavailable_until: string | null;
  /** the dish's own lead time; null: its restaurant's notice (decision 052) */
  lead_time_hours: number | null;
  menu_items: OrderMenuItemRow[];
}

export interface OrderPresetItemRow {
  id: number;
  chef_id: number;
  menu_id: number;
  quantity: number;
  menu_items_mapping: Record<string, number>;
}

const CHEF_COLUMNS = `c.id, c.slug, c.business_name, c.first_name || ' ' || c.last_name AS email_name, c.country, c.latitude, c.longitude,
  c.time_zone, c.pre_order_notice_hours, c.pre_order_min_order_amount_cents, c.addon_maximum_items_qty, c.eft_enabled,
  c.delivery_radius_km, c.delivery_fee_ranges, c.store_hours, c.address1, c.city, c.province, c.status,
  ${chefCalendarJson('c')} AS calendar`;

const PRESET_COLUMNS = `id, slug, name, description, preset_type, owner_user_id, is_active, number_of_guests, minimum_order_amount_cents,
  serving_styles, category_names, cuisine_types, dietary_types, banner_image_url, search_result_image_url`;

const MENU_COLUMNS = `m.id, m.chef_id, m.name, m.category_name, m.menu_type, m.tax_category, m.price_cents, m.min_order_amount, m.dietary_types,
  m.is_deleted, m.position, m.lead_time_hours, to_json(m.unavailable_until) #>> '{}' AS unavailable_until,
  COALESCE((SELECT json_agg(json_build_object('id', mi.id, 'menu_id', mi.menu_id, 'name', mi.name,
                     'price_cents', mi.price_cents, 'dietary_types', mi.dietary_types, 'position', mi.position,
                     'unavailable_until', mi.unavailable_until)
                     ORDER BY mi.position, mi.id)
              FROM menu_items mi WHERE mi.menu_id = m.id AND NOT mi.is_deleted), '[]') AS menu_items`;

/**
 * findForOrder's statement for `menus` menu ids (prepared, one text per count). The ids are
 * separate parameters rather than one array: for an array of unknown length PostgreSQL's
 * generic plan assumes 10 menus, looks dearer than a custom plan for 3 or 4 and so is never
 * kept, and planning this statement cost more than running it (decision 021). With one
 * parameter per id both plans cost the same and the prepared statement plans once. Up to
 * PREPARED_MENUS menus only: each count is one more statement kept by every connection, and a
 * cart may name up to 300 menus.
 */
const PREPARED_MENUS = 16;
const forOrderStatements = new Map<number, string>();
function forOrderStatement(menus: number): string {
  let text = forOrderStatements.get(menus);
  if (text === undefined) {
    const ids = Array.from({ length: menus }, (_, i) => `$${i + 2}::bigint`).join(', ');
    text = `SELECT (SELECT row_to_json(p) FROM (SELECT ${PRESET_COLUMNS} FROM presets WHERE id = $1) p) AS preset,
       COALESCE((SELECT json_agg(to_jsonb(c) - 'sort_position' ORDER BY c.sort_position, c.id)
                   FROM (SELECT ${CHEF_COLUMNS}, pc.position AS sort_position FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
                          WHERE pc.preset_id = $1) c), '[]') AS chefs,
       COALESCE((SELECT json_agg(m) FROM (SELECT ${MENU_COLUMNS} FROM menus m WHERE ${menus ? `m.id IN (${ids})` : 'false'}) m), '[]') AS menus`;
    if (menus <= PREPARED_MENUS) forOrderStatements.set(menus, text);
  }
  return text;
}

export function feeRanges(chef: Pick<OrderChefRow, 'delivery_fee_ranges'>): DeliveryFeeRange[] {
  return chef.delivery_fee_ranges.map((r) => ({
    minKm: Number(r.min_km),
    maxKm: Number(r.max_km),
    feeCents: Number(r.fee_cents),
  }));
}

export function createOrderCatalogueRepository(db: Queryable) {
  return {
    async findPreset(id: number, tx: Queryable = db): Promise<OrderPresetRow | undefined> {
      const { rows } = await tx.query<OrderPresetRow>(`SELECT ${PRESET_COLUMNS} FROM presets WHERE id = $1`, [id]);
      return rows[0];
    },

    /** The preset's chefs, lead chef first. */
    async findChefsOfPreset(presetId: number, tx: Queryable = db): Promise<OrderChefRow[]> {
      const { rows } = await tx.query<OrderChefRow>(
        `SELECT ${CHEF_COLUMNS} FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
          WHERE pc.preset_id = $1 ORDER BY pc.position, c.id`,
        [presetId],
      );
      return rows;
    },

    async findChef(id: number, tx: Queryable = db): Promise<OrderChefRow | undefined> {
      const { rows } = await tx.query<OrderChefRow>(`SELECT ${CHEF_COLUMNS} FROM chefs c WHERE c.id = $1`, [id]);
      return rows[0];
    },

    async findPresetItems(presetId: number, tx: Queryable = db): Promise<OrderPresetItemRow[]> {
      const { rows } = await tx.query<OrderPresetItemRow>(
        `SELECT id, chef_id, menu_id, quantity, menu_items_mapping FROM preset_items WHERE preset_id = $1 ORDER BY position, id`,
        [presetId],
      );
      return rows;
    },

    /** Menus by id (deleted ones too: the caller refuses them), each with its menu items. */
    async findMenus(ids: readonly number[], tx: Queryable = db): Promise<OrderMenuRow[]> {
      if (!ids.length) return [];
      const { rows } = await tx.query<OrderMenuRow>(
        `SELECT ${MENU_COLUMNS} FROM menus m WHERE m.id = ANY($1::bigint[])`,
        [ids],
      );
      return rows;
    },

    /**
     * What an order is checked and priced against, in one round trip (decision 017): the preset,
     * its chefs (lead first) and the given menus with their items (deleted ones too: the caller
     * refuses them). The same columns and values as findPreset, findChefsOfPreset and findMenus.
     * Prepared (db/pool.ts), see forOrderStatement.
     */
    async findForOrder(
      presetId: number,
      menuIds: readonly number[],
      tx: Queryable = db,
    ): Promise<{ preset: OrderPresetRow | undefined; chefs: OrderChefRow[]; menus: OrderMenuRow[] }> {
      const { rows } = await tx.query<{ preset: OrderPresetRow | null; chefs: OrderChefRow[]; menus: OrderMenuRow[] }>(
        menuIds.length <= PREPARED_MENUS
          ? prepared(forOrderStatement(menuIds.length), [presetId, ...menuIds])
          : { text: forOrderStatement(menuIds.length), values: [presetId, ...menuIds] },
      );
      const row = rows[0]!;
      return { preset: row.preset ?? undefined, chefs: row.chefs, menus: row.menus };
    },

    /** Every live menu of the chefs, in menu order, with menu items. */
    async findMenusOfChefs(chefIds: readonly number[], tx: Queryable = db): Promise<OrderMenuRow[]> {
      if (!chefIds.length) return [];
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM menus WHERE chef_id = ANY($1::bigint[]) AND NOT is_deleted ORDER BY chef_id, position, id`,
        [chefIds],
      );
      const menus = await this.findMenus(
        rows.map((r) => r.id),
        tx,
      );
      const order = new Map(rows.map((r, i) => [r.id, i]));
      return menus.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },
  };
}
export type OrderCatalogueRepository = ReturnType<typeof createOrderCatalogueRepository>;
