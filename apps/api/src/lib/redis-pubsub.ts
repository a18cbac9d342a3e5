import { Redis } from 'ioredis';
import type { PgListener } from './pg-listener.js';

// Redis pub/sub for changes every API process must hear (decision 069): the catalogue's, when
// REDIS_URL is set. The same shape as the LISTEN connection (lib/pg-listener.ts) so a subscriber
// does not care which carries its messages: `subscribe(channel, fn)` calls fn with each
// message, and with null after the subscriber connection came back (what was published while
// it was away is lost: the subscriber must read again). Channels are named with the
// deployment's key prefix, so deployments and test runs sharing one Redis do not hear each other.

const log0 = { error() {}, warn() {} };
const READY_WAIT_MS = 5_000;

export interface RedisBus extends PgListener {
  /** Publishes `payload` on `channel`; a failure is logged, never thrown (the safety nets cover it). */
  publish: (channel: string, payload: string) => void;
}

export function createRedisBus(
  url: string,
  options: { prefix: string; log?: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void } },
): RedisBus {
  const log = options.log ?? log0;
  const name = (channel: string) => `${options.prefix}${channel}`;
  // a subscribed connection can only (un)subscribe: publishing needs its own
  const connection = () =>
    new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      connectionName: 'caterway-bus',
    });
  const publisher = connection();
  const subscriber = connection();
  const channels = new Map<string, Set<(payload: string | null) => void>>();
  const subscribed = new Set<string>();
  let readyOnce = false;
  let closed = false;

  subscriber.on('message', (channel: string, message: string) => {
    for (const fn of channels.get(channel) ?? []) fn(message);
  });
  // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is gone
  subscriber.on('ready', () => {
    if (readyOnce) for (const fns of channels.values()) for (const fn of fns) fn(null);
    readyOnce = true;
  });
  for (const c of [publisher, subscriber]) {
    c.on('error', (err: Error) => {
      if (!closed) log.warn({ err: { message: err.message } }, 'Redis pub/sub connection error');
    });
  }
  /**
   * Resolves when the connection is ready: opened on first use; while ioredis reconnects by
   * itself (Redis away), waits up to READY_WAIT_MS for it and else rejects, to be asked again.
   */
  const ready = (c: Redis): Promise<void> => {
    if (c.status === 'ready') return Promise.resolve();
    if (c.status === 'wait') return c.connect();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        c.off('ready', done);
        reject(new Error(`Redis not ready (${c.status})`));
      }, READY_WAIT_MS);
      c.once('ready', done);
    });
  };
  const connected = () => Promise.all([ready(subscriber), ready(publisher)]).then(() => undefined);

  return {
    async subscribe(channel, fn) {
      if (closed) throw new Error('the Redis bus is closed');
      const key = name(channel);
      let fns = channels.get(key);
      if (!fns) channels.set(key, (fns = new Set()));
      fns.add(fn);
      try {
        await connected();
        // ioredis subscribes again by itself after a reconnect, once it has subscribed once
        if (!subscribed.has(key)) {
          await subscriber.subscribe(key);
          subscribed.add(key);
        }
      } catch (err) {
        // not subscribed: the caller asks again (the sync's periodic check does)
        fns.delete(fn);
        if (fns.size === 0) channels.delete(key);
        throw err;
      }
      return () => {
        const set = channels.get(key);
        if (!set?.delete(fn) || set.size > 0) return;
        channels.delete(key);
        subscribed.delete(key);
        if (!closed) subscriber.unsubscribe(key).catch(() => undefined);
      };
    },

    publish(channel, payload) {
      connected()
        .then(() => publisher.publish(name(channel), payload))
        .catch((err: Error) =>
          log.error(
            { err: { message: err.message }, channel },
            'Redis publish failed; the periodic check will catch up',
          ),
        );
    },

    async close() {
      closed = true;
      channels.clear();
      // a connection never opened (nothing subscribed or published) has nothing to say goodbye to
      for (const c of [subscriber, publisher]) {
        if (c.status === 'wait') c.disconnect();
        else await c.quit().catch(() => undefined);
      }
    },
  };
}
