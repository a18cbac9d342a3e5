// Bulk loader for generated catalogue rows. Each flush sends a few thousand rows per table as
// ONE parameter (a JSON array) expanded by json_to_recordset: one round trip per table per
// flush, no per-row statements, no COPY stream, and the same SQL on embedded and server
// PostgreSQL. Ids come from the generator (OVERRIDING SYSTEM VALUE); the identity sequences
// are moved past them at the end.
import type { Queryable } from '../pool.js';
import { generateCatalogue, resolveOptions, type CatalogueBatch, type CatalogueOptions } from './generator.js';
import { cuisineTypes, dietaryTypes, tags } from './vocabulary.js';

type Columns = readonly (readonly [name: string, type: string])[];

const tables = {
  chefs: {
    table: 'chefs',
    identity: true,
    columns: [
      ['id', 'bigint'],
      ['slug', 'text'],
      ['business_name', 'text'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['description', 'text'],
      ['address1', 'text'],
      ['address2', 'text'],
      ['city', 'text'],
      ['province', 'text'],
      ['zip', 'text'],
      ['country', 'text'],
      ['latitude', 'double precision'],
      ['longitude', 'double precision'],
      ['time_zone', 'text'],
      ['profile_image_url', 'text'],
      ['main_image_url', 'text'],
      ['pre_order_notice_hours', 'integer'],
      ['pre_order_min_order_amount_cents', 'integer'],
      ['addon_maximum_items_qty', 'integer'],
      ['eft_enabled', 'boolean'],
      ['delivery_radius_km', 'numeric'],
      ['delivery_fee_ranges', 'jsonb'],
      ['store_hours', 'jsonb'],
      ['cuisine_types', 'text[]'],
    ],
  },
  menus: {
    table: 'menus',
    identity: true,
    columns: [
      ['id', 'bigint'],
      ['chef_id', 'bigint'],
      ['name', 'text'],
      ['description', 'text'],
      ['category_name', 'text'],
      ['menu_type', 'text'],
      ['tax_category', 'text'],
      ['price_cents', 'integer'],
      ['min_order_amount', 'integer'],
      ['dietary_types', 'text[]'],
      ['main_image_url', 'text'],
      ['is_deleted', 'boolean'],
      ['position', 'integer'],
    ],
  },
  menuItems: {
    table: 'menu_items',
    identity: true,
    columns: [
      ['id', 'bigint'],
      ['menu_id', 'bigint'],
      ['name', 'text'],
      ['price_cents', 'integer'],
      ['dietary_types', 'text[]'],
      ['main_image_url', 'text'],
      ['position', 'integer'],
    ],
  },
  presets: {
    table: 'presets',
    identity: true,
    columns: [
      ['id', 'bigint'],
      ['slug', 'text'],
      ['name', 'text'],
      ['description', 'text'],
      ['preset_type', 'text'],
      ['banner_image_url', 'text'],
      ['search_result_image_url', 'text'],
      ['number_of_guests', 'integer'],
      ['price_per_person_cents', 'integer'],
      ['minimum_order_amount_cents', 'integer'],
      ['order_count', 'integer'],
      ['average_rating', 'numeric'],
      ['rating_count', 'integer'],
      ['serving_styles', 'text[]'],
      ['category_names', 'text[]'],
      ['cuisine_types', 'text[]'],
      ['dietary_types', 'text[]'],
    ],
  },
  presetChefs: {
    table: 'preset_chefs',
    identity: false,
    columns: [
      ['preset_id', 'bigint'],
      ['chef_id', 'bigint'],
      ['position', 'integer'],
    ],
  },
  presetItems: {
    table: 'preset_items',
    identity: true,
    columns: [
      ['id', 'bigint'],
      ['preset_id', 'bigint'],
      ['chef_id', 'bigint'],
      ['menu_id', 'bigint'],
      ['quantity', 'integer'],
      ['special_instruction', 'text'],
      ['menu_items_mapping', 'jsonb'],
      ['serving_details', 'text'],
      ['position', 'integer'],
    ],
  },
} as const satisfies Record<string, { table: string; identity: boolean; columns: Columns }>;

/** Inserts rows (objects keyed by column name) with one statement. */
async function insertRows(
  db: Queryable,
  spec: { table: string; identity: boolean; columns: Columns },
  rows: readonly object[],
): Promise<void> {
  if (!rows.length) return;
  const names = spec.columns.map(([n]) => n).join(', ');
  const defs = spec.columns.map(([n, t]) => `${n} ${t}`).join(', ');
  await db.query(
    `INSERT INTO ${spec.table} (${names}) ${spec.identity ? 'OVERRIDING SYSTEM VALUE ' : ''}
     SELECT ${names} FROM json_to_recordset($1::json) AS r(${defs})`,
    [JSON.stringify(rows)],
  );
}

async function insertPresetTags(db: Queryable, rows: CatalogueBatch['presetTags']): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO preset_tags (preset_id, tag_id)
     SELECT r.preset_id, t.id FROM json_to_recordset($1::json) AS r(preset_id bigint, tag_name text)
       JOIN tags t ON t.name = r.tag_name`,
    [JSON.stringify(rows)],
  );
}

/**
 * The spec's system vars and the tag palette. Idempotent: rows that exist keep their ids, so
 * user profiles and presets that name them stay valid.
 */
export async function loadReferenceData(db: Queryable): Promise<void> {
  const vars = [
    ...dietaryTypes.map((d, i) => ({ value_type: 'preset_dietary_type', name: d.name, icon: d.icon, position: i })),
    ...cuisineTypes.map((c, i) => ({ value_type: 'preset_cuisine_type', name: c.name, icon: c.icon, position: i })),
  ];
  await db.query(
    `INSERT INTO system_vars (value_type, name, icon, position)
     SELECT value_type, name, icon, position FROM json_to_recordset($1::json) AS r(value_type text, name text, icon text, position integer)
     ON CONFLICT (value_type, name) DO NOTHING`,
    [JSON.stringify(vars)],
  );
  await db.query(
    `INSERT INTO tags (name, color) SELECT name, color FROM json_to_recordset($1::json) AS r(name text, color text)
     ON CONFLICT (name) DO NOTHING`,
    [JSON.stringify(tags)],
  );
}

export interface LoadSummary {
  [key: string]: number;
  seed: number;
  restaurants: number;
  menus: number;
  menu_items: number;
  presets: number;
  preset_items: number;
  ms: number;
}

/** Rows buffered before a flush; ~5,000 keeps each JSON parameter around a megabyte. */
const FLUSH_ROWS = 5_000;

/**
 * Generates and inserts a catalogue on the given connection (run it inside a transaction),
 * then records the run in catalogue_loads. New ids continue after the current maximum.
 */
export async function loadCatalogue(
  db: Queryable,
  options: CatalogueOptions & { kind: string },
  onProgress?: (done: { restaurants: number; menuItems: number; presets: number }) => void,
): Promise<LoadSummary> {
  const started = performance.now();
  const resolved = resolveOptions(options);
  await loadReferenceData(db);
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT coalesce(max(id), 0) FROM chefs) AS chef, (SELECT coalesce(max(id), 0) FROM menus) AS menu,
            (SELECT coalesce(max(id), 0) FROM menu_items) AS "menuItem", (SELECT coalesce(max(id), 0) FROM presets) AS preset,
            (SELECT coalesce(max(id), 0) FROM preset_items) AS "presetItem"`,
  );
  const idBase = rows[0] as Record<string, number>;
  const counts = { restaurants: 0, menus: 0, menuItems: 0, presets: 0, presetItems: 0 };
  let buffer: CatalogueBatch = emptyBatch();
  let buffered = 0;

  const flush = async () => {
    // parents before children: the foreign keys are checked row by row
    await insertRows(db, tables.chefs, buffer.chefs);
    await insertRows(db, tables.menus, buffer.menus);
    await insertRows(db, tables.menuItems, buffer.menuItems);
    await insertRows(db, tables.presets, buffer.presets);
    await insertRows(db, tables.presetChefs, buffer.presetChefs);
    await insertPresetTags(db, buffer.presetTags);
    await insertRows(db, tables.presetItems, buffer.presetItems);
    counts.restaurants += buffer.chefs.length;
    counts.menus += buffer.menus.length;
    counts.menuItems += buffer.menuItems.length;
    counts.presets += buffer.presets.length;
    counts.presetItems += buffer.presetItems.length;
    onProgress?.({ restaurants: counts.restaurants, menuItems: counts.menuItems, presets: counts.presets });
    buffer = emptyBatch();
    buffered = 0;
  };

  for (const batch of generateCatalogue({ ...resolved, idBase })) {
    for (const key of Object.keys(buffer) as (keyof CatalogueBatch)[]) (buffer[key] as object[]).push(...batch[key]);
    buffered += batch.menuItems.length + batch.presetItems.length + batch.menus.length;
    if (buffered >= FLUSH_ROWS) await flush();
  }
  await flush();

  for (const spec of Object.values(tables)) {
    if (!spec.identity) continue;
    // next id = max + 1 (or 1 on an empty table)
    await db.query(
      `SELECT setval(pg_get_serial_sequence('${spec.table}', 'id'), coalesce((SELECT max(id) FROM ${spec.table}), 0) + 1, false)`,
    );
  }
  await db.query(
    `INSERT INTO catalogue_loads (kind, seed, restaurants, presets, menus, menu_items) VALUES ($1, $2, $3, $4, $5, $6)`,
    [options.kind, resolved.seed, counts.restaurants, counts.presets, counts.menus, counts.menuItems],
  );
  // search documents, locations and the word list of the new presets (002_search.sql): one
  // set-based statement after the load instead of a trigger per inserted row
  await db.query('SELECT refresh_preset_search(array(SELECT id FROM presets WHERE id > $1))', [idBase.preset]);
  // fresh statistics so the first searches get good plans
  await db.query('ANALYZE chefs, menus, menu_items, presets, preset_chefs, preset_tags, preset_items, search_terms');
  return {
    seed: resolved.seed,
    restaurants: counts.restaurants,
    menus: counts.menus,
    menu_items: counts.menuItems,
    presets: counts.presets,
    preset_items: counts.presetItems,
    ms: Math.round(performance.now() - started),
  };
}

function emptyBatch(): CatalogueBatch {
  return { chefs: [], menus: [], menuItems: [], presets: [], presetChefs: [], presetTags: [], presetItems: [] };
}

/** Catalogue tables a --reset empties (children go with them through CASCADE). */
export const catalogueTables = [
  'preset_items',
  'preset_tags',
  'preset_chefs',
  'presets',
  'menu_items',
  'menus',
  'chefs',
  'tags',
  'system_vars',
  'catalogue_loads',
] as const;

export async function resetCatalogue(db: Queryable): Promise<void> {
  await db.query(`TRUNCATE ${catalogueTables.join(', ')} RESTART IDENTITY CASCADE`);
}
