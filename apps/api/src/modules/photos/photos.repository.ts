import type { Queryable } from '../../db/pool.js';

// The photos table (migration 045) and the catalogue columns a photo replaces: chefs.profile_image_url
// (logo), chefs.main_image_url and the banners of the restaurant's presets that show it (banner),
// menus.main_image_url and the search images of presets that show the dish (dish). Every write
// here runs in the service's transaction, which calls record(..., { catalogue: true }).

export type PhotoTarget = 'logo' | 'banner' | 'dish';

export interface PhotoVariants {
  shape: 'card' | 'banner' | 'logo';
  /** the URL the catalogue shows (names every width: domain photos.ts) */
  url: string;
  widths: number[];
  /** every stored key of the crops (WebP and AVIF) */
  keys: string[];
}

export interface PhotoRow {
  id: number;
  chef_id: number;
  menu_id: number | null;
  target: PhotoTarget;
  content_hash: string;
  original_key: string;
  variants: PhotoVariants;
  width: number;
  height: number;
  focal_x: number;
  focal_y: number;
  bytes: number;
  replaced_url: string;
  created_by: number | null;
  created_at: Date;
}

export interface DishRow {
  id: number;
  name: string;
  category_name: string;
  main_image_url: string;
}

const COLUMNS = `id::int, chef_id::int, menu_id::int, target, content_hash, original_key, variants, width, height,
  focal_x, focal_y, bytes, replaced_url, created_by::int, created_at`;

export function createPhotosRepository(db: Queryable) {
  return {
    async list(chefId: number, tx: Queryable = db): Promise<PhotoRow[]> {
      const { rows } = await tx.query<PhotoRow>(`SELECT ${COLUMNS} FROM photos WHERE chef_id = $1 ORDER BY id`, [
        chefId,
      ]);
      return rows;
    },

    /** The photo of a slot, locked for the transaction's change. */
    async slotForUpdate(tx: Queryable, chefId: number, target: PhotoTarget, menuId: number | null) {
      const { rows } = await tx.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM photos
          WHERE chef_id = $1 AND target = $2 AND coalesce(menu_id, 0) = coalesce($3::bigint, 0) FOR UPDATE`,
        [chefId, target, menuId],
      );
      return rows[0] ?? null;
    },

    async byIdForUpdate(tx: Queryable, chefId: number, photoId: number): Promise<PhotoRow | null> {
      const { rows } = await tx.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM photos WHERE id = $1 AND chef_id = $2 FOR UPDATE`,
        [photoId, chefId],
      );
      return rows[0] ?? null;
    },

    async byId(chefId: number, photoId: number): Promise<PhotoRow | null> {
      const { rows } = await db.query<PhotoRow>(`SELECT ${COLUMNS} FROM photos WHERE id = $1 AND chef_id = $2`, [
        photoId,
        chefId,
      ]);
      return rows[0] ?? null;
    },

    /** Whether a photo still uses a stored key (a re-upload of the same file reuses its crops). */
    async keyInUse(key: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(`SELECT 1 FROM photos WHERE original_key = $1 OR variants->'keys' ? $1 LIMIT 1`, [
        key,
      ]);
      return rows.length > 0;
    },

    async insert(tx: Queryable, row: Omit<PhotoRow, 'id' | 'created_at'>): Promise<PhotoRow> {
      const { rows } = await tx.query<PhotoRow>(
        `INSERT INTO photos (chef_id, menu_id, target, content_hash, original_key, variants, width, height,
                             focal_x, focal_y, bytes, replaced_url, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING ${COLUMNS}`,
        [
          row.chef_id,
          row.menu_id,
          row.target,
          row.content_hash,
          row.original_key,
          JSON.stringify(row.variants),
          row.width,
          row.height,
          row.focal_x,
          row.focal_y,
          row.bytes,
          row.replaced_url,
          row.created_by,
        ],
      );
      return rows[0]!;
    },

    async remove(tx: Queryable, photoId: number): Promise<void> {
      await tx.query(`DELETE FROM photos WHERE id = $1`, [photoId]);
    },

    async setFocalPoint(tx: Queryable, photoId: number, focal: { x: number; y: number }, variants: PhotoVariants) {
      const { rows } = await tx.query<PhotoRow>(
        `UPDATE photos SET focal_x = $2, focal_y = $3, variants = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
        [photoId, focal.x, focal.y, JSON.stringify(variants)],
      );
      return rows[0]!;
    },

    /** The restaurant's logo and banner URLs. */
    async chefImages(chefId: number, tx: Queryable = db) {
      const { rows } = await tx.query<{ profile_image_url: string; main_image_url: string; business_name: string }>(
        `SELECT profile_image_url, main_image_url, business_name FROM chefs WHERE id = $1`,
        [chefId],
      );
      return rows[0] ?? null;
    },

    /** The restaurant's dishes in the storefront's order (categories, then position). */
    async dishes(chefId: number): Promise<DishRow[]> {
      const { rows } = await db.query<DishRow>(
        `SELECT m.id::int, m.name, m.category_name, m.main_image_url
           FROM menus m
           LEFT JOIN menu_categories mc ON mc.chef_id = m.chef_id AND mc.name = m.category_name
          WHERE m.chef_id = $1 AND NOT m.is_deleted
          -- the restaurant's category order, else (no order kept yet) the order of each category's first dish
          ORDER BY mc.position NULLS LAST, min(m.position) OVER (PARTITION BY m.category_name), m.category_name,
                   m.position, m.id`,
        [chefId],
      );
      return rows;
    },

    /** A dish of the restaurant (locked), or null for another restaurant's or a removed one. */
    async dishForUpdate(tx: Queryable, chefId: number, menuId: number) {
      const { rows } = await tx.query<{ id: number; name: string; main_image_url: string }>(
        `SELECT id::int, name, main_image_url FROM menus WHERE id = $1 AND chef_id = $2 AND NOT is_deleted FOR UPDATE`,
        [menuId, chefId],
      );
      return rows[0] ?? null;
    },

    /**
     * Points a slot's catalogue columns from one URL to another: the logo or banner of the chef
     * (and the banners of its presets that showed the old one), or the dish (and the search
     * images of its restaurant's presets that showed the old one).
     */
    async replaceCatalogueUrl(
      tx: Queryable,
      slot: { chefId: number; target: PhotoTarget; menuId: number | null },
      from: string,
      to: string,
    ): Promise<void> {
      const presetsOfChef = `id IN (SELECT preset_id FROM preset_chefs WHERE chef_id = $1) AND preset_type <> 'save_for_later'`;
      if (slot.target === 'logo') {
        await tx.query(`UPDATE chefs SET profile_image_url = $2 WHERE id = $1`, [slot.chefId, to]);
      } else if (slot.target === 'banner') {
        await tx.query(`UPDATE chefs SET main_image_url = $2 WHERE id = $1`, [slot.chefId, to]);
        if (from) {
          await tx.query(`UPDATE presets SET banner_image_url = $3 WHERE ${presetsOfChef} AND banner_image_url = $2`, [
            slot.chefId,
            from,
            to,
          ]);
        }
      } else {
        await tx.query(`UPDATE menus SET main_image_url = $3, updated_at = now() WHERE id = $2 AND chef_id = $1`, [
          slot.chefId,
          slot.menuId,
          to,
        ]);
        if (from) {
          await tx.query(
            `UPDATE presets SET search_result_image_url = $3 WHERE ${presetsOfChef} AND search_result_image_url = $2`,
            [slot.chefId, from, to],
          );
        }
      }
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
