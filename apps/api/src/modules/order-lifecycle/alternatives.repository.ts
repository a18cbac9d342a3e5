import type { StoreHoursMap } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';

// Restaurants near a declined order's address (issue 19 part 1): the candidates its customer is
// offered instead. The rules (delivery radius, hours, notice) are the storefront's
// (packages/domain availableForOrdering), applied by the caller to these rows.

export interface AlternativeRow {
  chef_id: number;
  slug: string;
  name: string;
  time_zone: string;
  store_hours: StoreHoursMap;
  pre_order_notice_hours: number;
  delivery_radius_km: number;
  minimum_cents: number;
  /** from the order's delivery address */
  distance_km: number;
}

/**
 * Restaurant pages (one chef each) within 40 km of the order's delivery address, nearest first,
 * without the order's own restaurants; none for an order without a located address.
 */
export async function alternativesNear(
  db: Queryable,
  input: { orderId: number; limit: number },
): Promise<AlternativeRow[]> {
  const { rows } = await db.query<AlternativeRow>(
    `WITH o AS (
       SELECT ll_to_earth(latitude, longitude) AS at, array_append(chef_ids, chef_id) AS chefs
         FROM catering_orders WHERE id = $1 AND latitude IS NOT NULL AND longitude IS NOT NULL)
     SELECT c.id::int AS chef_id, p.slug, c.business_name AS name, c.time_zone,
            c.store_hours, c.pre_order_notice_hours, c.delivery_radius_km::float8 AS delivery_radius_km,
            GREATEST(p.minimum_order_amount_cents, c.pre_order_min_order_amount_cents) AS minimum_cents,
            earth_distance(o.at, ll_to_earth(c.latitude, c.longitude)) / 1000 AS distance_km
       FROM o, presets p
       JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.position = 0
       JOIN chefs c ON c.id = pc.chef_id
      WHERE p.preset_type = 'restaurant' AND p.is_active AND c.id <> ALL (o.chefs)
        AND earth_box(o.at, 40000) @> ll_to_earth(c.latitude, c.longitude)
      ORDER BY distance_km
      LIMIT $2`,
    [input.orderId, input.limit],
  );
  return rows;
}
