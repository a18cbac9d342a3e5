// The portal's live inbox across two API instances on one database (issue 19 part 1, decision
// 048): a stream opened on one instance hears an order placed through the other, within a second.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerInboxEvent } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { createPool, type Db } from '../../db/pool.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { placeOrder } from '../order-lifecycle/lifecycle.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from './partner.repository.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {}, error() {} };

/** An event stream read with fetch (a bearer token, as the portal sends it). */
function openStream(url: string, jwt: string, lastEventId?: string) {
  const controller = new AbortController();
  const events: { id: string; data: PartnerInboxEvent; at: number }[] = [];
  const waiters: (() => void)[] = [];
  const response = fetch(url, {
    headers: { authorization: `Bearer ${jwt}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const done = response.then(async (res) => {
    if (res.status !== 200) return;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (finished) return;
      text += decoder.decode(value, { stream: true });
      let end;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => l && !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
        );
        if (fields.event === 'inbox') {
          events.push({ id: fields.id!, data: JSON.parse(fields.data!) as PartnerInboxEvent, at: Date.now() });
          waiters.splice(0).forEach((w) => w());
        }
      }
    }
  });
  return {
    status: response.then((r) => r.status),
    events,
    /** resolves with the nth event (1-based) or rejects after `ms` */
    async event(n: number, ms = 3_000) {
      const deadline = Date.now() + ms;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`no event ${n} within ${ms} ms (${events.length} so far)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events[n - 1]!;
    },
    async close() {
      controller.abort();
      await done.catch(() => undefined);
    },
  };
}

describe('the live inbox (server-sent events)', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let secondDb: Db;
  let f: RestaurantFixture;
  let urlA: string;
  let kitchen: { jwt: string };
  let elsewhere: { jwt: string };
  let customer: { jwt: string };

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW), env: { SESSION_IDLE_MINUTES: '525600' } });
    const { ensureDemoData } = await import('../../db/seed/demo.js');
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const partners = createPartnerRepository(ctx.db);
    const k = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: k.id, role: 'staff' });
    kitchen = k;
    const e = await signedInUser(ctx.app, ctx.db);
    const other = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 ORDER BY id LIMIT 1', [
        f.chef.id,
      ])
    ).rows[0]!.id;
    await partners.addMember({ chefId: other, userId: e.id, role: 'staff' });
    elsewhere = e;
    customer = await signedInUser(ctx.app, ctx.db);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    urlA = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    // a second API instance: its own pool and LISTEN connection on the same database
    secondDb = createPool(ctx.databaseUrl, { max: 4 });
    second = await buildApp({ ...ctx.deps, db: secondDb }, { logger: false });
    await second.ready();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await secondDb?.end();
    await ctx.close();
  });

  it('hears an order placed through another instance within a second, and what it missed after a reconnect', async () => {
    const stream = openStream(`${urlA}/api/v2/partner/restaurants/${f.chef.id}/events`, kitchen.jwt);
    expect(await stream.status).toBe(200);
    const first = await stream.event(1);
    expect(first.data.new_request_ids).toEqual([]);

    const placedAt = Date.now();
    const order = await placeOrder({ app: second, db: secondDb, deps: ctx.deps }, f, customer.jwt, NOW);
    const heard = await stream.event(2);
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT id::int AS id FROM restaurant_requests WHERE catering_order_id = $1',
      [order.id],
    );
    expect(heard.data).toMatchObject({
      waiting_count: first.data.waiting_count + 1,
      latest_request_id: rows[0]!.id,
      new_request_ids: [rows[0]!.id],
    });
    const propagation = heard.at - placedAt;
    console.log(`inbox event across instances: ${propagation} ms after the order was placed (checkout included)`);
    expect(propagation).toBeLessThan(1_000);
    await stream.close();

    // reconnecting with the last id it had before the order: the first event says what is new
    const missed = await placeOrder({ app: second, db: secondDb, deps: ctx.deps }, f, customer.jwt, NOW);
    const again = openStream(`${urlA}/api/v2/partner/restaurants/${f.chef.id}/events`, kitchen.jwt, heard.id);
    const resumed = await again.event(1);
    const missedIds = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM restaurant_requests WHERE catering_order_id = $1', [
        missed.id,
      ])
    ).rows.map((r) => r.id);
    expect(resumed.data.new_request_ids).toEqual(missedIds);
    await again.close();
  });

  it("tells a restaurant nothing of another's orders, and refuses its stream to other teams", async () => {
    const theirs = (
      await ctx.db.query<{ chef_id: number }>(
        'SELECT chef_id::int AS chef_id FROM restaurant_members m JOIN users u ON u.id = m.user_id WHERE m.chef_id <> $1 ORDER BY m.created_at DESC LIMIT 1',
        [f.chef.id],
      )
    ).rows[0]!.chef_id;
    const stream = openStream(`${urlA}/api/v2/partner/restaurants/${theirs}/events`, elsewhere.jwt);
    await stream.event(1);
    await placeOrder({ app: second, db: secondDb, deps: ctx.deps }, f, customer.jwt, NOW);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stream.events).toHaveLength(1);
    await stream.close();

    const refused = openStream(`${urlA}/api/v2/partner/restaurants/${f.chef.id}/events`, elsewhere.jwt);
    expect(await refused.status).toBe(404);
    await refused.close();
  });

  it('ends open streams when the server closes', async () => {
    const third = await buildApp({ ...ctx.deps, db: secondDb }, { logger: false });
    await third.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(third.server.address() as AddressInfo).port}`;
    const stream = openStream(`${url}/api/v2/partner/restaurants/${f.chef.id}/events`, kitchen.jwt);
    await stream.event(1);
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await stream.close();
  });
});
