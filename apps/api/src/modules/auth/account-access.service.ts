import type { Queryable } from '../../db/pool.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createUsersRepository, type NewUser } from './users.repository.js';

// What other modules need of the auth module's tables: the account module (settings writes) the
// signed-in user's row and ending the user's other sessions when the password changes; the
// partner module (team invitations) finding an account by email and making a confirmed one.
// Other modules call these instead of the auth repositories (.dependency-cruiser.cjs,
// api-no-foreign-repository).

export function accountAccessFrom(db: Queryable) {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  return {
    findUser: (id: number, tx?: Queryable) => users.findById(id, tx),
    findUserByEmail: (email: string, tx?: Queryable) => users.findByEmail(email, tx),
    /**
     * A confirmed account (its email proven by the link that led here), in the caller's
     * transaction; undefined when the email already has one.
     */
    async insertConfirmedUser(user: NewUser, tx: Queryable) {
      const row = await users.insert(user, tx);
      if (row) await users.updateConfirmed(row.id, user.createdAt, tx);
      return row;
    },
    /** Revokes every live session of the user but `keepId`, in the caller's transaction. */
    revokeOtherSessions: (userId: number, keepId: string, at: Date, tx: Queryable) =>
      sessions.revokeOthersForUser(userId, keepId, at, tx),
  };
}
export type AccountAccess = ReturnType<typeof accountAccessFrom>;
