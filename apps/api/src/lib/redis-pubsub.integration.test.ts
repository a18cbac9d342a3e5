import { afterEach, describe, expect, it } from 'vitest';
import { createRedisBus, type RedisBus } from './redis-pubsub.js';

// The Redis bus (decision 069) on the machine's Redis: messages reach every subscriber of the
// deployment's prefix and nobody else's; with Redis away, subscribing fails (to be asked again)
// and publishing only logs, and closing never hangs.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = `caterway-bus-test-${process.pid}-${Date.now()}`;

describe('the Redis bus', () => {
  const buses: RedisBus[] = [];
  const bus = (prefix: string, url = redisUrl, log?: { error(obj: object, msg?: string): void; warn(): void }) => {
    const b = createRedisBus(url, { prefix, log });
    buses.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it("delivers a message to every subscriber of the prefix, in order, and not to another prefix's", async () => {
    const [a, b, other] = [bus(`${run}:a:`), bus(`${run}:a:`), bus(`${run}:b:`)];
    const heard: Record<string, (string | null)[]> = { a: [], b: [], other: [] };
    await a.subscribe('catalogue_changed', (p) => heard.a!.push(p));
    await b.subscribe('catalogue_changed', (p) => heard.b!.push(p));
    await other.subscribe('catalogue_changed', (p) => heard.other!.push(p));
    for (const id of ['11', '12', '13']) a.publish('catalogue_changed', id);
    await expect.poll(() => heard.b, { timeout: 3_000 }).toEqual(['11', '12', '13']);
    expect(heard.a).toEqual(['11', '12', '13']);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.other).toEqual([]);
  });

  it('stops calling a subscriber once it unsubscribed', async () => {
    const a = bus(`${run}:c:`);
    const heard: (string | null)[] = [];
    const stop = await a.subscribe('catalogue_changed', (p) => heard.push(p));
    a.publish('catalogue_changed', '1');
    await expect.poll(() => heard, { timeout: 3_000 }).toEqual(['1']);
    stop();
    a.publish('catalogue_changed', '2');
    await new Promise((r) => setTimeout(r, 150));
    expect(heard).toEqual(['1']);
  });

  it('rejects a subscription and logs a failed publish while Redis is away, and closes', async () => {
    const errors: string[] = [];
    const away = bus(`${run}:away:`, 'redis://127.0.0.1:1', {
      error: (_obj, msg) => errors.push(msg ?? ''),
      warn() {},
    });
    await expect(away.subscribe('catalogue_changed', () => {})).rejects.toThrow();
    away.publish('catalogue_changed', '1');
    await expect
      .poll(() => errors, { timeout: 8_000 })
      .toContain('Redis publish failed; the periodic check will catch up');
    // asked again, it still answers (rejects) rather than hanging
    await expect(away.subscribe('catalogue_changed', () => {})).rejects.toThrow();
  }, 20_000);
});
