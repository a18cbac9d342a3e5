// Who else announces a change committed on a database, besides its NOTIFY (decision 069): with
// REDIS_URL set, the catalogue sync registers its Redis bus here for the app's pool, and the
// writers' repository publishes through it once their transaction commits (db/pool.ts
// afterCommit). Kept by pool, so two apps in one process on two databases stay apart.

export type Announce = (channel: string, payload: string) => void;

const byDb = new WeakMap<object, Set<Announce>>();

/** Adds `announce` for changes committed on `db`; answers its removal. */
export function announceThrough(db: object, announce: Announce): () => void {
  let set = byDb.get(db);
  if (!set) byDb.set(db, (set = new Set()));
  set.add(announce);
  return () => {
    set.delete(announce);
  };
}

/** One announcer of `db` (any will do: each reaches every subscriber), if any. */
export function announcerOf(db: object): Announce | undefined {
  for (const announce of byDb.get(db) ?? []) return announce;
  return undefined;
}
