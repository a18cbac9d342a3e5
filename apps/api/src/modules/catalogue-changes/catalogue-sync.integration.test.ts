import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error scripts/lb.mjs is plain JavaScript without types
import { startBalancer } from '../../../../../scripts/lb.mjs';
import { createTestDatabase } from '../../../test/helpers.js';
import { freePort, startServerProcess } from '../../../test/server-process.js';
import { withTransaction, type Db } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { announceThrough } from '../../lib/announcers.js';
import { createRedisBus, type RedisBus } from '../../lib/redis-pubsub.js';
import { createSearchRepository } from '../search/search.repository.js';
import { CATALOGUE_CHANNEL, createCatalogueChangesService } from './catalogue-changes.service.js';
import { pricedDishes, setChefRules, setDishPrice, type PricedDish } from './catalogue-changes.test-helpers.js';

// Issue 19 part 4 (decision 056): a catalogue change made on one API instance's database path is
// visible through another instance within a second: two real server processes on one database
// behind scripts/lb.mjs, caches warmed on both, then a price (and notice hours and a delivery
// fee) changed and read through instance B every 10 ms until it shows. And the safety net: a
// change whose NOTIFY never came is found by the periodic version check within its period.
// Twice: on PostgreSQL LISTEN/NOTIFY, and on Redis pub/sub with REDIS_URL set (decision 069),
// where this test's own writes publish as an instance's do, once they commit.

const CHECK_MS = 1_500;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHANGES = 10;

// the answers' fields this test reads (the contracts' schemas check them in the server)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Instance {
  port: number;
  child: ChildProcess;
}

describe.each(['postgres', 'redis'] as const)('catalogue changes on two API instances (%s)', (transport) => {
  let db: Db;
  // redis: the key prefix of this run, this test's bus (its writes publish through it) and what it heard
  const prefix = `caterway-sync-test-${process.pid}-${Date.now()}:`;
  let bus: RedisBus | undefined;
  let unannounce: (() => void) | undefined;
  const published: string[] = [];
  let drop: () => Promise<void>;
  const instances: Instance[] = [];
  let balancer: { close(): Promise<void> } | undefined;
  let lbPort = 0;
  let dishes: PricedDish[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    drop = database.drop;
    await ensureDemoData(db, { info() {}, warn() {} });
    dishes = await pricedDishes(db, CHANGES + 2);
    const redis = transport === 'redis' ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {};
    if (transport === 'redis') {
      bus = createRedisBus(redisUrl, { prefix: `${prefix}bus:` });
      unannounce = announceThrough(db, bus.publish);
      await bus.subscribe(CATALOGUE_CHANNEL, (payload) => {
        if (payload !== null) published.push(payload);
      });
    }
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = startServerProcess({
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: `/tmp/caterway-sync-test-${port}`,
        SEED_DEMO: 'false',
        JOBS_IN_PROCESS: 'false',
        LOG_LEVEL: 'warn',
        CATALOGUE_CHECK_MS: String(CHECK_MS),
        TRUST_PROXY: '127.0.0.1',
        ...redis,
      });
      instances.push({ port, child: server.child });
      await server.ready;
    }
    lbPort = await freePort();
    balancer = await startBalancer({
      port: lbPort,
      host: '127.0.0.1',
      backends: instances.map((i) => `127.0.0.1:${i.port}`),
    });
  }, 120_000);

  afterAll(async () => {
    // the servers first, whatever else fails: a test run must not leave them behind
    try {
      await Promise.all(
        instances.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    } finally {
      unannounce?.();
      await bus?.close();
      await balancer?.close();
      await drop?.();
    }
  }, 30_000);

  /** What the storefront shows of a dish and its restaurant through one instance (or the balancer). */
  async function read(port: number, dish: PricedDish) {
    const get = async (url: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status, url).toBe(200);
      return (await res.json()) as Json;
    };
    const [detail, page, search, fee] = await Promise.all([
      get(`/api/v2/presets/${dish.presetId}`),
      get(`/api/v2/presets/${dish.chefSlug}`),
      get(
        `/api/v2/search?search_type=preset&per_page=50&lat=${dish.latitude}&lng=${dish.longitude}&q=${encodeURIComponent(dish.presetName)}`,
      ),
      fetch(`http://127.0.0.1:${port}/api/v2/delivery_fee_by_distance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chef_id: dish.chefId, user_lat: dish.latitude, user_lng: dish.longitude }),
      }).then((r) => r.json() as Promise<Json>),
    ]);
    const card = (search.presets.all_presets as [string, { id: number; total_price_cents: number }[]][])
      .flatMap(([, cards]) => cards)
      .find((p) => p.id === dish.presetId);
    const menu = (page.preset.chefs as { menus: { id: number; price_cents: number }[] }[])
      .flatMap((c) => c.menus)
      .find((m) => m.id === dish.menuId);
    return {
      detailPrice: (detail.preset.preset_items as { menu_id: number; price_cents: number }[]).find(
        (i) => i.menu_id === dish.menuId,
      )?.price_cents,
      notice: detail.preset.pre_order_notice_hour as number,
      pagePrice: menu?.price_cents,
      cardTotal: card?.total_price_cents,
      firstFee: (fee.ranges as { fee_cents: number }[])[0]?.fee_cents,
    };
  }

  /** Polls `port` every 10 ms until `seen` holds; answers the milliseconds since `started`. */
  async function until(
    port: number,
    dish: PricedDish,
    seen: (r: Awaited<ReturnType<typeof read>>) => boolean,
    started = performance.now(),
  ) {
    for (;;) {
      const r = await read(port, dish);
      if (seen(r)) return performance.now() - started;
      if (performance.now() - started > 5_000) throw new Error(`not visible after 5 s: ${JSON.stringify(r)}`);
      await new Promise((res) => setTimeout(res, 10));
    }
  }

  it('shows a price, notice hours and a delivery fee changed on A through B within a second', async () => {
    const [a, b] = instances as [Instance, Instance];
    const times: number[] = [];
    for (const dish of dishes.slice(0, CHANGES)) {
      // warm every cache on both instances, through the balancer (round robin) and directly
      for (const port of [lbPort, lbPort, a.port, b.port]) await read(port, dish);
      const before = await read(b.port, dish);
      expect(before.detailPrice).toBe(dish.priceCents);
      expect(before.cardTotal).toBeGreaterThan(0);
      const price = dish.priceCents + 137;
      const notice = before.notice + 5;
      const fee = (before.firstFee ?? 0) + 55;
      // the clock starts before the first of the two changes commits
      const started = performance.now();
      await setDishPrice(db, dish, price);
      await setChefRules(db, dish.chefId, { noticeHours: notice, firstFeeCents: fee });
      const took = await until(
        b.port,
        dish,
        (r) =>
          r.detailPrice === price &&
          r.pagePrice === price &&
          r.cardTotal !== before.cardTotal &&
          r.notice === notice &&
          r.firstFee === fee,
        started,
      );
      times.push(took);
      // and through A and the balancer, at once
      for (const port of [a.port, lbPort, lbPort]) {
        const r = await read(port, dish);
        expect(r).toMatchObject({ detailPrice: price, pagePrice: price, notice, firstFee: fee });
      }
    }
    times.sort((x, y) => x - y);
    const figures = {
      min: Math.round(times[0]!),
      median: Math.round(times[Math.floor(times.length / 2)]!),
      max: Math.round(times[times.length - 1]!),
    };
    console.log(`${transport}: catalogue change visible through instance B after (ms): ${JSON.stringify(figures)}`);
    expect(figures.max).toBeLessThan(1_000);
    // on Redis, every change was published there (two a dish: its price, then its restaurant's rules)
    if (transport === 'redis')
      expect(published).toEqual(dishes.slice(0, CHANGES).flatMap((d) => [String(d.chefId), String(d.chefId)]));
  }, 120_000);

  it('finds a change whose notification was lost within the check period', async () => {
    const [a, b] = instances as [Instance, Instance];
    const dish = dishes[CHANGES]!;
    for (const port of [a.port, b.port]) await read(port, dish);
    const price = dish.priceCents + 211;
    const started = performance.now();
    await setDishPrice(db, dish, price, { notify: false });
    // no NOTIFY (and no publish): B keeps the cached price until its periodic check
    const stale = await read(b.port, dish);
    expect(stale.detailPrice).toBe(dish.priceCents);
    const took = await until(b.port, dish, (r) => r.detailPrice === price && r.pagePrice === price, started);
    console.log(
      `${transport}: change without NOTIFY visible through instance B after ${Math.round(took)} ms (check every ${CHECK_MS} ms)`,
    );
    expect(took).toBeLessThan(CHECK_MS + 1_000);
  }, 60_000);

  it('takes a preset its restaurant stops listing out of the search through B within a second', async () => {
    const [a, b] = instances as [Instance, Instance];
    const dish = dishes[CHANGES + 1]!;
    for (const port of [a.port, b.port]) expect((await read(port, dish)).cardTotal).toBeGreaterThan(0);
    const started = performance.now();
    await withTransaction(db, async (tx) => {
      await tx.query('UPDATE presets SET is_active = false WHERE id = $1', [dish.presetId]);
      await createCatalogueChangesService(db).catalogueChanged([dish.chefId], tx);
    });
    const listed = async (port: number) => {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/v2/search?search_type=preset&per_page=50&lat=${dish.latitude}&lng=${dish.longitude}&q=${encodeURIComponent(dish.presetName)}`,
      );
      const body = (await res.json()) as Json;
      return (body.presets.all_presets as [string, { id: number }[]][]).some(([, cards]) =>
        cards.some((c) => c.id === dish.presetId),
      );
    };
    while (await listed(b.port)) {
      expect(performance.now() - started).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 10));
    }
    console.log(
      `${transport}: a preset taken off the listings left instance B's search after ${Math.round(performance.now() - started)} ms`,
    );
    expect(await listed(a.port)).toBe(false);
  }, 30_000);

  it("tells a search index which presets' rows changed after it was loaded (a dish's price is no change of them)", async () => {
    const search = createSearchRepository(db);
    const dish = dishes[0]!;
    const at = await search.visibleNow();
    await setDishPrice(db, dish, dish.priceCents + 1);
    expect(await search.presetsChangedSince([dish.presetId], at)).toEqual([
      { id: dish.presetId, preset_type: 'catering', changed: false },
    ]);
    await db.query('UPDATE presets SET price_per_person_cents = price_per_person_cents + 1 WHERE id = $1', [
      dish.presetId,
    ]);
    expect(await search.presetsChangedSince([dish.presetId, 0], at)).toEqual([
      { id: dish.presetId, preset_type: 'catering', changed: true },
    ]);
    expect(await search.presetsChangedSince([dish.presetId], await search.visibleNow())).toEqual([
      { id: dish.presetId, preset_type: 'catering', changed: false },
    ]);
  });
});
