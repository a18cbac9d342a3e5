import { withTransaction, type Db } from '../../db/pool.js';
import { createCatalogueChangesService } from './catalogue-changes.service.js';

// Catalogue changes for the propagation tests and the benchmarks (decision 056): a small SQL
// write and its announcement in one transaction, as the portal's writers make them. Not a route.

/** A restaurant with a dish in the default cart of a catalogue preset it is in. */
export interface PricedDish {
  chefId: number;
  chefSlug: string;
  presetId: number;
  presetName: string;
  menuId: number;
  priceCents: number;
  latitude: number;
  longitude: number;
}

/** Catalogue presets' default-cart dishes (one per restaurant), for `limit` restaurants. */
export async function pricedDishes(db: Db, limit: number): Promise<PricedDish[]> {
  const { rows } = await db.query<PricedDish>(
    `SELECT DISTINCT ON (c.id) c.id::int AS "chefId", c.slug AS "chefSlug", p.id::int AS "presetId", p.name AS "presetName",
            m.id::int AS "menuId", m.price_cents::int AS "priceCents",
            c.latitude::float8 AS latitude, c.longitude::float8 AS longitude
       FROM chefs c
       JOIN preset_items pi ON pi.chef_id = c.id
       JOIN presets p ON p.id = pi.preset_id AND p.preset_type = 'catering' AND p.is_active
       JOIN menus m ON m.id = pi.menu_id AND NOT m.is_deleted AND m.price_cents > 100
      ORDER BY c.id, p.order_count DESC, p.id, pi.position, pi.id
      LIMIT $1`,
    [limit],
  );
  return rows;
}

/**
 * Sets a dish's price and, unless `notify` is false, announces the restaurant's change in the
 * same transaction; `notify: false` bumps the version without NOTIFY (a lost notification).
 */
export async function setDishPrice(
  db: Db,
  dish: Pick<PricedDish, 'chefId' | 'menuId'>,
  priceCents: number,
  options: { notify?: boolean } = {},
): Promise<void> {
  await withTransaction(db, async (tx) => {
    await tx.query('UPDATE menus SET price_cents = $2 WHERE id = $1', [dish.menuId, priceCents]);
    if (options.notify === false)
      await tx.query(
        `INSERT INTO catalogue_versions AS v (chef_id) VALUES ($1)
         ON CONFLICT (chef_id) DO UPDATE SET version = v.version + 1, changed_at = now()`,
        [dish.chefId],
      );
    else await createCatalogueChangesService(db).catalogueChanged([dish.chefId], tx);
  });
}

/** Sets a restaurant's notice hours and its nearest delivery fee (checkout rules) and announces it. */
export async function setChefRules(db: Db, chefId: number, rules: { noticeHours: number; firstFeeCents: number }) {
  await withTransaction(db, async (tx) => {
    await tx.query(
      `UPDATE chefs SET pre_order_notice_hours = $2,
              delivery_fee_ranges = jsonb_set(delivery_fee_ranges::jsonb, '{0,fee_cents}', to_jsonb($3::int))
        WHERE id = $1`,
      [chefId, rules.noticeHours, rules.firstFeeCents],
    );
    await createCatalogueChangesService(db).catalogueChanged([chefId], tx);
  });
}
