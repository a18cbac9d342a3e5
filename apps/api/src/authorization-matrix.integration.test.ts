import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.js';
import { ensureDemoData } from './db/seed/demo.js';
import { fixedClock } from './lib/clock.js';
import { signedInUser } from './modules/auth/auth.test-helpers.js';
import { auth, orderRow, placeOrder, staffUser } from './modules/order-lifecycle/lifecycle.test-helpers.js';
import {
  addOnCart as addOnCartOf,
  cards,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from './modules/orders/orders.test-helpers.js';
import { createPartnerRepository } from './modules/partner/partner.repository.js';

// Issue 5, item 10: nobody sees what is not theirs. Every route that takes an id (orders,
// add-ons, invoices, reports, payment methods, saved presets, favourites), called as an
// anonymous visitor, the owner, another customer and a staff account: another customer's object
// answers 404 exactly like an unknown id (no hint that it exists), the owner's works, staff
// reach the operations endpoints and nobody's customer objects. Group orders' detail and cancel
// come with the group-order site (issue 6). Request bodies cannot set status, prices, owner or
// paid flags. Restaurant routes (issue 19): a team reaches its own restaurant's calls only.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };

type Caller = 'anonymous' | 'owner' | 'other' | 'staff';
interface Row {
  name: string;
  request: () => InjectOptions;
  /** the owner's status; the others are 401 (anonymous) and 404 (another customer, staff) */
  owner: number;
}

describe('authorization matrix', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const jwt: Record<Caller, string | null> = { anonymous: null, owner: null, other: null, staff: null };
  let owner: { id: number; jwt: string };
  let accepted: { id: number; purchase_id: string };
  let delivered: { id: number };
  let addOn: { id: number; purchase_id: string };
  let savedMethodId: string;
  let savedMethodRowId: number;
  let savedPresetId: number;

  const send = (opts: InjectOptions, caller: Caller) =>
    ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...auth(jwt[caller]) } });
  const staffEvent = (id: number, event: string) =>
    send({ method: 'POST', url: `/api/v2/ops/orders/${id}/events`, payload: { event } }, 'staff');

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    owner = await signedInUser(ctx.app, ctx.db);
    jwt.owner = owner.jwt;
    jwt.other = (await signedInUser(ctx.app, ctx.db)).jwt;
    jwt.staff = (await staffUser(ctx.app, ctx.db)).jwt;

    accepted = await placeOrder(ctx, f, owner.jwt, NOW);
    expect((await staffEvent(accepted.id, 'accept')).statusCode).toBe(200);
    delivered = await placeOrder(ctx, f, owner.jwt, NOW);
    for (const event of ['accept', 'mark_delivery_ready', 'mark_delivered'])
      expect((await staffEvent(delivered.id, event)).statusCode).toBe(200);
    const created = await send({ method: 'POST', url: `/api/v2/catering_orders/${accepted.id}/add_on_order` }, 'owner');
    expect(created.statusCode, created.body).toBe(201);
    addOn = await orderRow(ctx.db, created.json().id);

    const pm = await sandboxCard(ctx.deps.payments, cards.ok);
    const saved = await send(
      { method: 'POST', url: '/api/v2/user_payment_methods', payload: { payment_method_id: pm } },
      'owner',
    );
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    savedMethodId = pm;
    savedMethodRowId = saved.json().payment_method.id;
    const preset = await send(
      {
        method: 'POST',
        url: '/api/v2/presets',
        payload: {
          preset: {
            preset_type: 'save_for_later',
            base_preset_id: f.presetId,
            name: 'Friday lunch',
            preset_items: orderPayload(f, NOW).preset_items,
          },
        },
      },
      'owner',
    );
    expect(preset.statusCode, preset.body).toBe(201);
    savedPresetId = preset.json().preset.id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const addOnCart = () => ({
    cart: addOnCartOf(f, NOW),
    eft: false,
  });

  // the owner's calls that change nothing lasting come first; cancel last
  const rows = (): Row[] => [
    {
      name: 'GET order',
      request: () => ({ method: 'GET', url: `/api/v2/catering_orders/${accepted.id}` }),
      owner: 200,
    },
    {
      name: 'GET add-on orders',
      request: () => ({ method: 'GET', url: `/api/v2/catering_orders/${accepted.id}/addon_orders` }),
      owner: 200,
    },
    {
      name: 'GET invoice',
      request: () => ({ method: 'GET', url: `/api/v2/catering_order_invoices/${delivered.id}.pdf` }),
      owner: 200,
    },
    {
      name: 'PUT edit order',
      request: () => ({
        method: 'PUT',
        url: `/api/v2/catering_orders/${accepted.id}`,
        payload: { catering_order: orderPayload(f, NOW) },
      }),
      owner: 200,
    },
    {
      name: 'POST add-on order',
      request: () => ({ method: 'POST', url: `/api/v2/catering_orders/${accepted.id}/add_on_order` }),
      owner: 201,
    },
    {
      name: 'PUT add-on cart',
      request: () => ({
        method: 'PUT',
        url: `/api/v2/catering_orders/${addOn.purchase_id}/update_addon_order`,
        payload: addOnCart(),
      }),
      owner: 200,
    },
    {
      name: 'PUT payment method',
      request: () => ({
        method: 'PUT',
        url: `/api/v2/catering_orders/${accepted.id}/payment_method`,
        payload: { payment_method_id: savedMethodId },
      }),
      owner: 200,
    },
    {
      name: 'POST finalize add-on',
      request: () => ({
        method: 'POST',
        url: `/api/v2/catering_orders/${addOn.id}/finalize`,
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { purchase_id: addOn.purchase_id, payment_method_id: savedMethodId },
      }),
      owner: 200,
    },
    {
      name: 'POST default payment method',
      request: () => ({ method: 'POST', url: `/api/v2/payment_methods/${savedMethodRowId}/set_as_default` }),
      owner: 200,
    },
    {
      name: 'DELETE saved preset',
      request: () => ({ method: 'DELETE', url: `/api/v2/presets/${savedPresetId}` }),
      owner: 200,
    },
    {
      name: 'DELETE payment method',
      request: () => ({ method: 'DELETE', url: `/api/v2/user_payment_methods/${savedMethodRowId}` }),
      owner: 200,
    },
    {
      name: 'DELETE order (cancel)',
      request: () => ({ method: 'DELETE', url: `/api/v2/catering_orders/${accepted.id}` }),
      owner: 200,
    },
  ];

  it('anonymous 401, another customer and staff 404 (as for an unknown id), the owner 2xx', async () => {
    for (const row of rows()) {
      expect((await send(row.request(), 'anonymous')).statusCode, `${row.name} anonymous`).toBe(401);
      for (const caller of ['other', 'staff'] as const) {
        const res = await send(row.request(), caller);
        expect(res.statusCode, `${row.name} ${caller}: ${res.body}`).toBe(404);
        expect(res.body, `${row.name} ${caller}`).not.toMatch(/Not authorized|forbidden|belongs/i);
      }
      const res = await send(row.request(), 'owner');
      expect(res.statusCode, `${row.name} owner: ${res.body.slice(0, 300)}`).toBe(row.owner);
    }
    // nothing the others tried changed the owner's objects: the cancel above was the owner's own
    expect((await orderRow(ctx.db, accepted.id)).status).toBe('Canceled');
  });

  it("an unknown id answers exactly like another customer's", async () => {
    const unknown = await send({ method: 'GET', url: '/api/v2/catering_orders/99999999' }, 'other');
    const foreign = await send({ method: 'GET', url: `/api/v2/catering_orders/${delivered.id}` }, 'other');
    expect([foreign.statusCode, foreign.json()]).toEqual([unknown.statusCode, unknown.json()]);
    const unknownPdf = await send({ method: 'GET', url: '/api/v2/catering_order_invoices/99999999.pdf' }, 'other');
    const foreignPdf = await send(
      { method: 'GET', url: `/api/v2/catering_order_invoices/${delivered.id}.pdf` },
      'other',
    );
    expect([foreignPdf.statusCode, foreignPdf.json()]).toEqual([unknownPdf.statusCode, unknownPdf.json()]);
  });

  it("lists are the caller's own: order history, reports, favourites and saved carts", async () => {
    const ids = (body: { upcoming: { id: number }[]; past: { id: number }[] }) =>
      [...body.upcoming, ...body.past].map((o) => o.id);
    const mine = await send({ method: 'GET', url: '/api/v2/order_history' }, 'owner');
    expect(ids(mine.json())).toEqual(expect.arrayContaining([delivered.id]));
    for (const caller of ['other', 'staff'] as const) {
      const theirs = await send({ method: 'GET', url: '/api/v2/order_history' }, caller);
      expect(theirs.statusCode).toBe(200);
      expect(ids(theirs.json())).not.toContain(delivered.id);
      const report = await send({ method: 'GET', url: '/api/v2/user/user_catering_orders' }, caller);
      expect(report.statusCode).toBe(200);
      expect(report.json().user_catering_orders.map((o: { id: number }) => o.id)).not.toContain(delivered.id);
    }
    expect((await send({ method: 'GET', url: '/api/v2/order_history' }, 'anonymous')).statusCode).toBe(401);
    expect((await send({ method: 'GET', url: '/api/v2/user/user_catering_orders' }, 'anonymous')).statusCode).toBe(401);

    // a favourite is per user: another customer's removal leaves the owner's in place
    expect(
      (await send({ method: 'POST', url: '/api/v2/favorites', payload: { preset_id: f.presetId } }, 'owner'))
        .statusCode,
    ).toBe(200);
    expect(
      (await send({ method: 'DELETE', url: '/api/v2/favorites/remove', payload: { preset_id: f.presetId } }, 'other'))
        .statusCode,
    ).toBeLessThan(500);
    const lists = await send({ method: 'GET', url: '/api/v2/search?search_type=user_data' }, 'owner');
    expect(lists.json().presets.favorite_restaurants.map((p: { id: number }) => p.id)).toContain(f.presetId);
    const otherLists = await send({ method: 'GET', url: '/api/v2/search?search_type=user_data' }, 'other');
    expect(otherLists.json().presets.favorite_restaurants.map((p: { id: number }) => p.id)).not.toContain(f.presetId);
  });

  it('operations endpoints: staff only (customers 403, anonymous 401)', async () => {
    const ops: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/v2/ops/orders?from=2026-03-01&to=2026-03-31' },
      { method: 'GET', url: `/api/v2/ops/orders/${delivered.id}` },
      { method: 'POST', url: `/api/v2/ops/orders/${delivered.id}/events`, payload: { event: 'mark_delivered' } },
    ];
    for (const req of ops) {
      expect((await send(req, 'anonymous')).statusCode, `${req.url} anonymous`).toBe(401);
      for (const caller of ['owner', 'other'] as const)
        expect((await send(req, caller)).statusCode, `${req.url} ${caller}`).toBe(403);
    }
    expect((await send(ops[0]!, 'staff')).statusCode).toBe(200);
    expect((await send(ops[1]!, 'staff')).statusCode).toBe(200);
    // the machine refuses a second delivery with 409, never 500
    expect((await send(ops[2]!, 'staff')).statusCode).toBe(409);
  });

  it("restaurant routes: a team reaches its own restaurant's calls only (another's answers 404)", async () => {
    // the restaurant of the orders above and another one; a manager of each
    const partners = createPartnerRepository(ctx.db);
    const other = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 ORDER BY id LIMIT 1', [
        f.chef.id,
      ])
    ).rows[0]!.id;
    const mine = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: mine.id, role: 'manager' });
    const theirs = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: other, userId: theirs.id, role: 'manager' });
    const answered = (
      await ctx.db.query<{ id: number }>(
        'SELECT id::int AS id FROM restaurant_requests WHERE catering_order_id = $1 AND chef_id = $2',
        [accepted.id, f.chef.id],
      )
    ).rows[0]!.id;
    const base = `/api/v2/partner/restaurants/${f.chef.id}`;
    // each call with what the restaurant's own manager gets
    const rows: { req: InjectOptions & { url: string }; team: number }[] = [
      { req: { method: 'GET', url: base }, team: 200 },
      { req: { method: 'GET', url: `${base}/team` }, team: 200 },
      {
        req: { method: 'POST', url: `${base}/invites`, payload: { email: 'line.cook@example.com', role: 'staff' } },
        team: 201,
      },
      { req: { method: 'GET', url: `${base}/orders?view=upcoming` }, team: 200 },
      { req: { method: 'GET', url: `${base}/orders/${accepted.id}` }, team: 200 },
      // already answered by operations: the team is told so; nobody else learns the order exists
      {
        req: {
          method: 'POST',
          url: `${base}/orders/${accepted.id}/answers`,
          payload: { answer: 'accept', request_id: answered },
        },
        team: 409,
      },
    ];
    for (const { req, team } of rows) {
      expect((await send(req, 'anonymous')).statusCode, `${req.url} anonymous`).toBe(401);
      for (const caller of ['owner', 'other'] as const)
        expect((await send(req, caller)).statusCode, `${req.url} ${caller}`).toBe(404);
      const asTheirs = await ctx.app.inject({ ...req, headers: auth(theirs.jwt) });
      expect(asTheirs.statusCode, `${req.url} another restaurant's manager`).toBe(404);
      const asMine = await ctx.app.inject({ ...req, headers: auth(mine.jwt) });
      expect(asMine.statusCode, `${req.url} its manager: ${asMine.body}`).toBe(team);
    }
    // the other restaurant's order list never holds this restaurant's orders
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/partner/restaurants/${other}/orders?view=upcoming`,
      headers: auth(theirs.jwt),
    });
    expect(list.json().orders.map((o: { id: number }) => o.id)).not.toContain(accepted.id);
  });

  it("every restaurant route in the OpenAPI document answers another restaurant's team 404", async () => {
    // Exhaustive by construction: a route added under /partner/restaurants/{chefId} is checked here
    // without editing this test. Each is called by a manager of another restaurant, with each
    // method the document names and no body or a wrong one: the guard refuses it as if the
    // restaurant did not exist (a body the schema refuses may answer 400/422 first: no data either).
    const partners = createPartnerRepository(ctx.db);
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs ORDER BY id LIMIT 2');
    const [target, elsewhere] = rows.map((r) => r.id) as [number, number];
    const stranger = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: elsewhere, userId: stranger.id, role: 'owner' });
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v2/partner/restaurants/{chefId}'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({
            method: m.toUpperCase(),
            url: path.replace('{chefId}', String(target)).replace(/\{[a-zA-Z]+\}/g, '1'),
          })),
      );
    expect(calls.length).toBeGreaterThanOrEqual(15);
    for (const call of calls) {
      if (call.url.endsWith('/events')) continue; // the stream: checked in partner-events.integration.test.ts
      const anonymous = await ctx.app.inject(call);
      expect([400, 401, 422], `${call.method} ${call.url} anonymous`).toContain(anonymous.statusCode);
      const res = await ctx.app.inject({ ...call, headers: auth(stranger.jwt) });
      expect([400, 404, 422], `${call.method} ${call.url} another restaurant's owner: ${res.body}`).toContain(
        res.statusCode,
      );
    }
  });

  it('request bodies cannot set status, prices, owner or paid flags', async () => {
    const other = await signedInUser(ctx.app, ctx.db);
    const forged = {
      catering_order: {
        ...orderPayload(f, NOW),
        status: 'Delivered',
        total_cents: 1,
        subtotal_cents: 1,
        tax_cents: 0,
        user_id: other.id,
        payment_status: 'captured',
        paid_at: NOW.toISOString(),
        editable: false,
      },
      is_eft: false,
    };
    const created = await send({ method: 'POST', url: '/api/v2/catering_orders', payload: forged }, 'owner');
    expect(created.statusCode, created.body).toBeLessThan(500);
    if (created.statusCode === 201) {
      const row = await orderRow(ctx.db, created.json().catering_order.id);
      expect(row).toMatchObject({ status: 'draft', user_id: owner.id, payment_status: 'unpaid', paid_at: null });
      expect(row.total_cents).toBeGreaterThan(1);
      // an edit of the draft with the same forged fields changes none of them either
      const updated = await send({ method: 'PUT', url: `/api/v2/catering_orders/${row.id}`, payload: forged }, 'owner');
      expect(updated.statusCode).toBeLessThan(500);
      expect(await orderRow(ctx.db, row.id)).toMatchObject({
        status: 'draft',
        user_id: owner.id,
        payment_status: 'unpaid',
        total_cents: row.total_cents,
      });
    } else {
      expect(created.statusCode).toBe(422);
    }
    // the account: role, confirmation and ids are not the body's to set
    const account = await send(
      { method: 'PUT', url: '/api/v2/accounts', payload: { user: { role: 'staff', confirmed: true, id: 1 } } },
      'owner',
    );
    expect(account.statusCode).toBe(422);
    const { rows } = await ctx.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [owner.id]);
    expect(rows[0]!.role).toBe('customer');
  });
});
