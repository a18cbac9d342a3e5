import type { Queryable } from '../../db/pool.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createUsersRepository } from './users.repository.js';

// What the account module (settings writes) needs of the auth module's tables: the signed-in
// user's row, and ending the user's other sessions when the password changes. Other modules
// call these instead of the auth repositories (.dependency-cruiser.cjs, api-no-foreign-repository).

export function accountAccessFrom(db: Queryable) {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  return {
    findUser: (id: number, tx?: Queryable) => users.findById(id, tx),
    /** Revokes every live session of the user but `keepId`, in the caller's transaction. */
    revokeOtherSessions: (userId: number, keepId: string, at: Date, tx: Queryable) =>
      sessions.revokeOthersForUser(userId, keepId, at, tx),
  };
}
export type AccountAccess = ReturnType<typeof accountAccessFrom>;
