import type { RestaurantRole } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';

export interface InviteRow {
  id: number;
  chef_id: number;
  restaurant_name: string;
  email: string;
  role: RestaurantRole;
  created_at: Date;
  expires_at: Date;
}

const COLUMNS = `i.id::int AS id, i.chef_id::int AS chef_id, c.business_name AS restaurant_name, i.email, i.role,
  i.created_at, i.expires_at`;

/** Invitations to restaurant teams (restaurant_invites). Only a token's sha256 is stored. */
export function createInvitesRepository(db: Queryable) {
  return {
    /** Holds the restaurant's invitation count still until the transaction ends (its daily limit under concurrency). */
    async lockRestaurant(chefId: number, tx: Queryable): Promise<void> {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`restaurant-invites:${chefId}`]);
    },

    /** How an inviter signs the invitation. */
    async inviterName(userId: number): Promise<string> {
      const { rows } = await db.query<{ name: string }>(
        "SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1",
        [userId],
      );
      return rows[0]?.name || 'Caterway';
    },

    /** Invitations a restaurant made since a time (its daily limit). */
    async countSince(chefId: number, since: Date, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM restaurant_invites WHERE chef_id = $1 AND created_at > $2',
        [chefId, since],
      );
      return rows[0]!.n;
    },

    /** A new invitation; the open ones of the same email to the same restaurant stop working. */
    async insert(
      invite: {
        chefId: number;
        email: string;
        role: RestaurantRole;
        tokenHash: string;
        invitedBy: number;
        now: Date;
        expiresAt: Date;
      },
      tx: Queryable = db,
    ): Promise<number> {
      await tx.query(
        `UPDATE restaurant_invites SET retired_at = $3
         WHERE chef_id = $1 AND email = $2 AND accepted_at IS NULL AND retired_at IS NULL`,
        [invite.chefId, invite.email, invite.now],
      );
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO restaurant_invites (chef_id, email, role, token_hash, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
        [invite.chefId, invite.email, invite.role, invite.tokenHash, invite.invitedBy, invite.now, invite.expiresAt],
      );
      return rows[0]!.id;
    },

    /** The restaurant's invitations still open (not accepted, retired or expired), newest first. */
    async openFor(chefId: number, now: Date): Promise<InviteRow[]> {
      const { rows } = await db.query<InviteRow>(
        `SELECT ${COLUMNS} FROM restaurant_invites i JOIN chefs c ON c.id = i.chef_id
         WHERE i.chef_id = $1 AND i.accepted_at IS NULL AND i.retired_at IS NULL AND i.expires_at > $2
         ORDER BY i.created_at DESC, i.id DESC`,
        [chefId, now],
      );
      return rows;
    },

    /** An open invitation by its token's hash. */
    async findOpen(tokenHash: string, now: Date, tx: Queryable = db): Promise<InviteRow | undefined> {
      const { rows } = await tx.query<InviteRow>(
        `SELECT ${COLUMNS} FROM restaurant_invites i JOIN chefs c ON c.id = i.chef_id
         WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.retired_at IS NULL AND i.expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0];
    },

    /**
     * Uses an invitation once: marks it accepted if it is still open, in one statement, so two
     * clicks cannot both win. Answers it, or undefined.
     */
    async accept(tokenHash: string, userId: number, now: Date, tx: Queryable = db): Promise<InviteRow | undefined> {
      const { rows } = await tx.query<InviteRow>(
        `UPDATE restaurant_invites i SET accepted_at = $3, accepted_by = $2
         FROM chefs c
         WHERE c.id = i.chef_id AND i.token_hash = $1 AND i.accepted_at IS NULL AND i.retired_at IS NULL
           AND i.expires_at > $3
         RETURNING ${COLUMNS}`,
        [tokenHash, userId, now],
      );
      return rows[0];
    },
  };
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
