import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/pool.js';

// PostgreSQL LISTEN for this process's subscribers (decision 048): one connection, held while
// anyone listens, fans each channel's notifications out to its subscribers. NOTIFY reaches every
// API instance on the database, at commit, so a subscriber hears only of committed changes,
// whichever instance made them. The connection is taken from the pool (one more than the
// queries need: docs/operations.md counts it). When it breaks it is replaced after a second,
// and every subscriber is told with `null`: what it missed meanwhile must be read again.

type Listener = (payload: string | null) => void;

export interface PgListener {
  /** Calls `fn` with each notification's payload on `channel` (null after a reconnect); answers the unsubscribe. */
  subscribe(channel: string, fn: Listener): Promise<() => void>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MS = 1_000;

export function createPgListener(db: Db, log: { error(obj: object, msg?: string): void }): PgListener {
  const channels = new Map<string, Set<Listener>>();
  let client: pg.PoolClient | undefined;
  let connecting: Promise<pg.PoolClient> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const onNotification = (msg: pg.Notification) => {
    for (const fn of channels.get(msg.channel) ?? []) fn(msg.payload ?? '');
  };

  function broken(err: Error): void {
    log.error({ err: { message: err.message } }, 'the LISTEN connection broke; reconnecting');
    const lost = client;
    client = undefined;
    lost?.removeListener('notification', onNotification);
    lost?.release(err);
    if (closed || channels.size === 0) return;
    retry ??= setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => {
          for (const fns of channels.values()) for (const fn of fns) fn(null);
        })
        .catch((e: Error) => broken(e));
    }, RECONNECT_MS);
  }

  /** The connection, listening to every channel subscribed so far. */
  function connect(): Promise<pg.PoolClient> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = await db.connect();
      try {
        c.on('notification', onNotification);
        c.on('error', broken);
        for (const channel of channels.keys()) await c.query(`LISTEN ${channel}`);
        client = c;
        return c;
      } catch (err) {
        c.removeListener('notification', onNotification);
        c.release(err as Error);
        throw err;
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    async subscribe(channel, fn) {
      if (!IDENTIFIER.test(channel)) throw new Error(`not a channel name: ${channel}`);
      if (closed) throw new Error('the listener is closed');
      let fns = channels.get(channel);
      const first = !fns;
      if (!fns) channels.set(channel, (fns = new Set()));
      fns.add(fn);
      const c = await connect();
      // LISTEN twice is harmless; a connection made while this channel was added may lack it
      if (first) await c.query(`LISTEN ${channel}`);
      return () => {
        const set = channels.get(channel);
        if (!set?.delete(fn) || set.size > 0) return;
        channels.delete(channel);
        const held = client;
        if (!held) return;
        if (channels.size === 0) {
          // nobody listens: the connection goes back to the pool
          client = undefined;
          held.removeListener('notification', onNotification);
          held.removeListener('error', broken);
          held.query('UNLISTEN *').then(
            () => held.release(),
            (err: Error) => held.release(err),
          );
        } else {
          held.query(`UNLISTEN ${channel}`).catch((err: Error) => broken(err));
        }
      };
    },

    async close() {
      closed = true;
      clearTimeout(retry);
      channels.clear();
      const held = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      if (held) {
        held.removeListener('notification', onNotification);
        held.removeListener('error', broken);
        held.release();
      }
    },
  };
}

const perApp = new WeakMap<object, PgListener>();

/**
 * The app's one LISTEN connection, shared by its modules (partner events, the catalogue sync):
 * created on first use, closed when the app closes (onClose, after the preClose hooks that end
 * the streams using it).
 */
export function appPgListener(app: FastifyInstance, db: Db): PgListener {
  let listener = perApp.get(app);
  if (!listener) {
    const created = createPgListener(db, app.log);
    perApp.set(app, created);
    app.addHook('onClose', async () => {
      await created.close();
    });
    listener = created;
  }
  return listener;
}
