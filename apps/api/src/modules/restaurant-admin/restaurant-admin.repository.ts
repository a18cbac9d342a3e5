import type { OpsRestaurant, RestaurantStatus } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';

// Restaurants as operations run them (migration 050, decision 059): onboarding a new one and
// moving it between onboarding, live and suspended. A restaurant that is not live holds its
// presets off the storefront (is_active false, held_by_restaurant true); publishing it brings
// back exactly those, once every restaurant of a shared preset is live. The caller records the
// change (audit log, catalogue version) in the same transaction.

export interface NewRestaurantRow {
  slug: string;
  business_name: string;
  description: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: 'CA' | 'US';
  latitude: number;
  longitude: number;
  time_zone: string;
  cuisine_types: string[];
  pre_order_notice_hours: number;
  delivery_radius_km: number;
  delivery_fee_ranges: { min_km: number; max_km: number; fee_cents: number }[];
  store_hours: Record<string, { enabled: boolean; open: string; close: string }>;
  now: Date;
}

const LIST_COLUMNS = `c.id::int AS id, c.slug, c.business_name AS name, c.city, c.province, c.country, c.status,
  c.status_reason, c.status_changed_at,
  (SELECT count(*)::int FROM menus m WHERE m.chef_id = c.id AND NOT m.is_deleted) AS dishes,
  (SELECT count(*)::int FROM restaurant_members rm WHERE rm.chef_id = c.id) AS team,
  EXISTS (SELECT 1 FROM restaurant_members rm WHERE rm.chef_id = c.id AND rm.role = 'owner') AS has_owner,
  (SELECT count(*)::int FROM restaurant_invites ri WHERE ri.chef_id = c.id AND ri.accepted_at IS NULL AND ri.expires_at > $1) AS pending_invites,
  (SELECT count(*)::int FROM catering_orders o WHERE o.chef_id = c.id AND o.status <> 'draft'
      AND o.delivery_at BETWEEN $1::timestamptz - interval '30 days' AND $1::timestamptz + interval '30 days') AS recent_orders`;

type ListRow = Omit<OpsRestaurant, 'status_changed_at'> & { status_changed_at: Date | null };

const toRestaurant = (r: ListRow): OpsRestaurant => ({
  ...r,
  status_changed_at: r.status_changed_at ? r.status_changed_at.toISOString() : null,
});

export function createRestaurantAdminRepository(db: Queryable) {
  return {
    /** Restaurants by name (or city), those that need operations first: onboarding, suspended, live. */
    async list(query: { q: string; status?: RestaurantStatus; now: Date; limit: number }): Promise<OpsRestaurant[]> {
      const { rows } = await db.query<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM chefs c
          WHERE ($2 = '' OR c.business_name ILIKE '%' || $2 || '%' OR c.city ILIKE $2 || '%' OR c.slug = $2)
            AND ($3::text IS NULL OR c.status = $3)
          ORDER BY CASE c.status WHEN 'onboarding' THEN 0 WHEN 'suspended' THEN 1 ELSE 2 END,
                   c.status_changed_at DESC NULLS LAST, c.business_name, c.id
          LIMIT $4`,
        [query.now, query.q.replace(/[\\%_]/g, (m) => `\\${m}`), query.status ?? null, query.limit],
      );
      return rows.map(toRestaurant);
    },

    async one(chefId: number, now: Date, tx: Queryable = db): Promise<OpsRestaurant | undefined> {
      const { rows } = await tx.query<ListRow>(`SELECT ${LIST_COLUMNS} FROM chefs c WHERE c.id = $2`, [now, chefId]);
      return rows[0] && toRestaurant(rows[0]);
    },

    /** Whether a slug is taken by a restaurant or a preset (a restaurant's page shares its slug). */
    async slugTaken(slug: string, tx: Queryable): Promise<boolean> {
      const { rows } = await tx.query<{ taken: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM chefs WHERE slug = $1) OR EXISTS (SELECT 1 FROM presets WHERE slug = $1) AS taken`,
        [slug],
      );
      return rows[0]!.taken;
    },

    /**
     * Inserts an onboarding restaurant with its generated art and its restaurant page (an inactive,
     * held 'restaurant' preset), and fills the page's search document. Answers the new id.
     */
    async insert(row: NewRestaurantRow, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO chefs (slug, business_name, first_name, last_name, description, address1, address2, city,
                            province, zip, country, latitude, longitude, time_zone, cuisine_types,
                            pre_order_notice_hours, delivery_radius_km, delivery_fee_ranges, store_hours,
                            status, status_changed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::jsonb, $19::jsonb,
                 'onboarding', $20, $20)
         RETURNING id::int AS id`,
        [
          row.slug,
          row.business_name,
          row.first_name,
          row.last_name,
          row.description,
          row.address1,
          row.address2,
          row.city,
          row.province,
          row.zip,
          row.country,
          row.latitude,
          row.longitude,
          row.time_zone,
          row.cuisine_types,
          row.pre_order_notice_hours,
          row.delivery_radius_km,
          JSON.stringify(row.delivery_fee_ranges),
          JSON.stringify(row.store_hours),
          row.now,
        ],
      );
      const id = rows[0]!.id;
      // its generated art until the team uploads photos, and its page (off the storefront)
      const { rows: page } = await tx.query<{ preset_id: number }>(
        `WITH art AS (
           UPDATE chefs SET profile_image_url = '/media/art/chef-profile/' || id || '-' || $2 || '.svg',
                            main_image_url = '/media/art/chef-banner/' || id || '.svg'
            WHERE id = $1
           RETURNING id, slug, business_name, description, cuisine_types, main_image_url, profile_image_url, created_at),
         page AS (
           INSERT INTO presets (slug, name, description, preset_type, banner_image_url, search_result_image_url,
                                number_of_guests, cuisine_types, is_active, held_by_restaurant, created_at)
           SELECT slug, business_name, description, 'restaurant', main_image_url, profile_image_url, 10, cuisine_types,
                  false, true, created_at
             FROM art
           RETURNING id)
         INSERT INTO preset_chefs (preset_id, chef_id, position) SELECT page.id, $1, 0 FROM page
         RETURNING preset_id::int AS preset_id`,
        [id, initials(row.business_name)],
      );
      const preset_id = page[0]!.preset_id;
      await tx.query('SELECT refresh_preset_search(ARRAY[$1::bigint])', [preset_id]);
      return id;
    },

    /** The restaurant's status, locked for a change. */
    async lockStatus(
      chefId: number,
      tx: Queryable,
    ): Promise<{ status: RestaurantStatus; status_reason: string; name: string } | undefined> {
      const { rows } = await tx.query<{ status: RestaurantStatus; status_reason: string; name: string }>(
        'SELECT status, status_reason, business_name AS name FROM chefs WHERE id = $1 FOR UPDATE',
        [chefId],
      );
      return rows[0];
    },

    /** Dishes a customer could order (not deleted, with a price). */
    async pricedDishes(chefId: number, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM menus WHERE chef_id = $1 AND NOT is_deleted AND price_cents > 0',
        [chefId],
      );
      return rows[0]!.n;
    },

    /** Publishes: the restaurant is live, and its held presets whose restaurants are all live come back. */
    async publish(chefId: number, now: Date, tx: Queryable): Promise<number[]> {
      await tx.query(`UPDATE chefs SET status = 'live', status_reason = '', status_changed_at = $2 WHERE id = $1`, [
        chefId,
        now,
      ]);
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE presets p SET is_active = true, held_by_restaurant = false
          WHERE p.held_by_restaurant
            AND EXISTS (SELECT 1 FROM preset_chefs pc WHERE pc.preset_id = p.id AND pc.chef_id = $1)
            AND NOT EXISTS (SELECT 1 FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
                             WHERE pc.preset_id = p.id AND c.status <> 'live')
          RETURNING p.id::int AS id`,
        [chefId],
      );
      const ids = rows.map((r) => r.id);
      if (ids.length) await tx.query('SELECT refresh_preset_search($1::bigint[])', [ids]);
      return ids;
    },

    /** Suspends: the restaurant is off the marketplace, and every active preset it is in is held. */
    async suspend(chefId: number, reason: string, now: Date, tx: Queryable): Promise<number[]> {
      await tx.query(
        `UPDATE chefs SET status = 'suspended', status_reason = $2, status_changed_at = $3 WHERE id = $1`,
        [chefId, reason, now],
      );
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE presets p SET is_active = false, held_by_restaurant = true
           FROM preset_chefs pc
          WHERE pc.preset_id = p.id AND pc.chef_id = $1 AND p.is_active AND p.preset_type IN ('restaurant', 'catering')
          RETURNING p.id::int AS id`,
        [chefId],
      );
      return rows.map((r) => r.id);
    },
  };
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toLowerCase())
    .join('');
  return letters || 'r';
}
