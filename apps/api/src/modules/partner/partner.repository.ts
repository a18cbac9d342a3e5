import type { PartnerRestaurant, PartnerSettings, PartnerTeamResponse, RestaurantRole } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';

type PartnerTeamMember = PartnerTeamResponse['members'][number];

const RESTAURANT_COLUMNS = `c.id::int AS id, c.slug, c.business_name AS name, c.city, c.time_zone, c.status`;

/** Restaurant teams (restaurant_members): who may act for which restaurant, and as what. */
export function createPartnerRepository(db: Queryable) {
  return {
    /** The restaurants a user is on the team of, by name. */
    async restaurantsOf(userId: number): Promise<PartnerRestaurant[]> {
      const { rows } = await db.query<PartnerRestaurant>(
        `SELECT ${RESTAURANT_COLUMNS}, m.role
         FROM restaurant_members m JOIN chefs c ON c.id = m.chef_id
         WHERE m.user_id = $1
         ORDER BY c.business_name, c.id`,
        [userId],
      );
      return rows;
    },

    /** A restaurant with the user's role there; undefined when it does not exist or they have none. */
    async membership(userId: number, chefId: number): Promise<PartnerRestaurant | undefined> {
      const { rows } = await db.query<PartnerRestaurant>(
        `SELECT ${RESTAURANT_COLUMNS}, m.role
         FROM restaurant_members m JOIN chefs c ON c.id = m.chef_id
         WHERE m.user_id = $1 AND m.chef_id = $2`,
        [userId, chefId],
      );
      return rows[0];
    },

    /** Every restaurant, by name, for operations staff (who reach every one). */
    async allRestaurants(): Promise<PartnerRestaurant[]> {
      const { rows } = await db.query<PartnerRestaurant>(
        `SELECT ${RESTAURANT_COLUMNS}, 'operations' AS role FROM chefs c ORDER BY c.business_name, c.id`,
      );
      return rows;
    },

    /** A restaurant for operations staff, who reach every one. */
    async restaurant(chefId: number): Promise<PartnerRestaurant | undefined> {
      const { rows } = await db.query<PartnerRestaurant>(
        `SELECT ${RESTAURANT_COLUMNS}, 'operations' AS role FROM chefs c WHERE c.id = $1`,
        [chefId],
      );
      return rows[0];
    },

    /** Where the restaurant is emailed and whether it accepts orders without being asked. */
    async settings(chefId: number): Promise<PartnerSettings> {
      const { rows } = await db.query<PartnerSettings>(
        'SELECT notification_emails, auto_accept, auto_accept_max_cents FROM restaurant_settings WHERE chef_id = $1',
        [chefId],
      );
      return rows[0] ?? { notification_emails: [], auto_accept: 'off', auto_accept_max_cents: null };
    },

    async saveSettings(chefId: number, s: PartnerSettings): Promise<PartnerSettings> {
      const { rows } = await db.query<PartnerSettings>(
        `INSERT INTO restaurant_settings (chef_id, notification_emails, auto_accept, auto_accept_max_cents)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (chef_id) DO UPDATE SET notification_emails = $2, auto_accept = $3, auto_accept_max_cents = $4,
                                             updated_at = now()
         RETURNING notification_emails, auto_accept, auto_accept_max_cents`,
        [chefId, s.notification_emails, s.auto_accept, s.auto_accept === 'under' ? s.auto_accept_max_cents : null],
      );
      return rows[0]!;
    },

    /** A restaurant's team, owners first, then by name. */
    async team(chefId: number): Promise<PartnerTeamMember[]> {
      const { rows } = await db.query<PartnerTeamMember>(
        `SELECT u.id::int AS user_id, u.first_name, u.last_name, u.email, m.role
         FROM restaurant_members m JOIN users u ON u.id = m.user_id
         WHERE m.chef_id = $1
         ORDER BY array_position(ARRAY['owner', 'manager', 'staff'], m.role), u.first_name, u.last_name, u.id`,
        [chefId],
      );
      return rows;
    },

    /** The role a user has on a restaurant, if any. */
    async roleOf(userId: number, chefId: number, tx: Queryable = db): Promise<RestaurantRole | undefined> {
      const { rows } = await tx.query<{ role: RestaurantRole }>(
        'SELECT role FROM restaurant_members WHERE user_id = $1 AND chef_id = $2',
        [userId, chefId],
      );
      return rows[0]?.role;
    },

    async addMember(
      member: { chefId: number; userId: number; role: RestaurantRole },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO restaurant_members (chef_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (chef_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [member.chefId, member.userId, member.role],
      );
    },
  };
}
export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
