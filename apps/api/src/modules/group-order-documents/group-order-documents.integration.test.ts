import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupOrder, GroupOrderDetailsBody } from '@caterway/contracts';
import { formatCents, formatTaxLineLabel } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { createJobRunner } from '../../lib/jobs.js';
import { confirmedUser, emailsTo, signIn, signedInUser, uniqueEmail } from '../auth/auth.test-helpers.js';
import { createGroupCutoff } from '../group-orders/group-cutoff.js';
import { groupOrderDetails } from '../group-orders/group-orders.test-helpers.js';
import { moveOrder } from '../order-history/order-history.test-helpers.js';
import { restaurantNoticesFrom } from '../order-lifecycle/lifecycle.compose.js';
import { auth, orderRow, placeOrder, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { cards, restaurantFixture, sandboxCard, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { taxLinesOf } from '../orders/orders.types.js';
import { createPartnerRepository } from '../partner/partner.repository.js';
import { groupDocumentMessages } from './group-order-documents.service.js';

// Issue 6 items 4 and 5: the group order's invoice (creator; delivery-ready or delivered) and the
// restaurant's label sheet (creator or staff; after the cut-off), through the real API on its own
// database, the group order made by the real endpoints and closed by the real cut-off. Each PDF
// is rendered to an image and its text checked where it is drawn.

const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Toronto
const DELIVERY_DATE = '2026-11-27';
const CUTOFF = new Date('2026-11-26T22:00:00Z'); // 1 day before at 5:00 PM Toronto
const quiet = { info() {}, warn() {}, error() {} };

type User = { jwt: string; id: number };

describe('group-order documents: invoice and label sheet', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const clock = fixedClock(NOW);
  let creator: User & { adminToken: string };
  let other: User;
  let staff: User;
  let meal: { id: number; price_cents: number; name: string };
  let cutoff: ReturnType<typeof createGroupCutoff>;

  const get = (url: string, jwt: string | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...auth(jwt), ...headers } });
  const invoice = (ref: string | number, jwt: string | null = creator.jwt) =>
    get(`/api/v2/group_order_invoices/${ref}.pdf`, jwt);
  const labels = (ref: string | number, jwt: string | null = creator.jwt) =>
    get(`/api/v2/group_orders/${ref}/labels.pdf`, jwt);

  const details = (headCount = 6): GroupOrderDetailsBody =>
    groupOrderDetails(f, { budget_cents: meal.price_cents, delivery_date: DELIVERY_DATE }, { head_count: headCount });

  /** A group order opened by the creator with these members' meals (name, dietary needs). */
  async function groupWith(members: [string, string][], headCount = 6, owner: User = creator): Promise<GroupOrder> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/group_orders',
      headers: auth(owner.jwt),
      payload: { preset_id: f.presetId, delivery_params: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/group_orders/${created.json().uuid}`,
      headers: auth(owner.jwt),
      payload: details(headCount),
    });
    expect(put.statusCode, put.body).toBe(200);
    const g = put.json().group_order as GroupOrder;
    for (const [name, dietary] of members) {
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/group/${g.share_token}/members`,
        payload: { name, email: uniqueEmail('member'), dietary_needs: dietary },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const chose = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/group/${g.share_token}/choice`,
        headers: { 'x-member-token': joined.json().member_token },
        payload: { menu_id: meal.id },
      });
      expect(chose.statusCode, chose.body).toBe(200);
    }
    return g;
  }

  /** Runs the group order's cut-off at its instant; answers the combined order's id (if any). */
  async function closeAtCutoff(g: GroupOrder): Promise<number | null> {
    clock.set(CUTOFF);
    try {
      const outcome = await cutoff.run(g.uuid);
      return outcome.kind === 'ordered' ? outcome.orderId : null;
    } finally {
      clock.set(NOW);
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      clock,
      env: { SESSION_IDLE_MINUTES: '525600', GROUP_ORDERS_URL: 'http://groups.test' },
    });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const account = await confirmedUser(ctx.app, ctx.db);
    const signedIn = (await signIn(ctx.app, account.email, account.password)).json();
    creator = { id: account.id, jwt: signedIn.jwt, adminToken: signedIn.user.admin_token };
    other = await signedInUser(ctx.app, ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
    const { rows } = await ctx.db.query<{ id: number; price_cents: number; name: string }>(
      'SELECT id, price_cents, name FROM menus WHERE chef_id = $1 AND NOT is_deleted AND min_order_amount <= 1 AND price_cents > 0 ORDER BY price_cents, id LIMIT 1',
      [f.chef.id],
    );
    meal = rows[0]!;
    const pm = await sandboxCard(ctx.deps.payments, cards.ok);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/user_payment_methods',
      headers: auth(creator.jwt),
      payload: { payment_method_id: pm },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    cutoff = createGroupCutoff({
      db: ctx.db,
      payments: ctx.deps.payments,
      mailer: ctx.deps.mailer,
      clock,
      geocoder: ctx.deps.geocoder,
      links: { siteUrl: 'http://groups.test' },
      publicUrl: 'http://test',
      log: quiet,
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('labels: one per meal with the member, dietary needs, dish, order number, restaurant and delivery date, after the cut-off only', async () => {
    const g = await groupWith([
      ['Ana Souza', 'Vegan'],
      ['Ben Okafor', 'Halal, no nuts'],
      ['Chloé Tremblay', ''],
    ]);
    // before the cut-off: the creator and staff are told when; another customer cannot tell it exists
    for (const jwt of [creator.jwt, staff.jwt]) {
      const early = await labels(g.uuid, jwt);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: groupDocumentMessages.labelsBeforeCutoff });
    }
    const orderId = await closeAtCutoff(g);
    expect(orderId).not.toBeNull();
    const order = await orderRow(ctx.db, orderId!);

    const res = await labels(g.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    expect(page.pages).toBe(1);
    for (const needle of [
      'Ana Souza',
      'Ben Okafor',
      'Chloé Tremblay',
      'Dietary needs: Vegan',
      'Dietary needs: Halal, no nuts',
      'Dietary needs: none noted',
      meal.name,
      `Order ${order.order_number}`,
      f.chef.business_name,
      'November 27, 2026',
      'Northwind Consulting',
    ]) {
      expect(page.text, needle).toContain(needle);
      expect(page.inked(needle), `"${needle}" is drawn on the image`).toBe(true);
    }
    // one label per meal
    expect(page.text.match(new RegExp(`Order ${order.order_number} ·`, 'g'))).toHaveLength(3 + 1); // 3 labels + the sheet's header line

    // staff (the restaurant's copy) and the numeric id work too; others 404 like an unknown id; anonymous 401
    expect((await labels(g.uuid, staff.jwt)).statusCode).toBe(200);
    expect((await labels(g.id)).statusCode).toBe(200);
    for (const ref of [g.uuid, '00000000-0000-4000-8000-000000000000']) {
      const hidden = await labels(ref, other.jwt);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: groupDocumentMessages.notFound });
    }
    expect((await labels(g.uuid, null)).statusCode).toBe(401);
    expect((await labels('not-a-ref')).statusCode).toBe(422);
    // the group-order site may send the creator's admin token instead of the bearer token
    expect(
      (await get(`/api/v2/group_orders/${g.uuid}/labels.pdf`, null, { 'x-admin-token': creator.adminToken }))
        .statusCode,
    ).toBe(200);
  });

  it("prints the same labels in the restaurant's portal, for its own group orders only", async () => {
    const g = await groupWith([
      ['Dev Patel', 'Vegetarian'],
      ['Eve Martin', ''],
    ]);
    const partners = createPartnerRepository(ctx.db);
    const manager = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: manager.id, role: 'manager' });
    const orderId = (await closeAtCutoff(g))!;
    const cook = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: cook.id, role: 'staff' });

    // the final list reaches the restaurant as a group order's, with how many people chose
    const { order_number } = await orderRow(ctx.db, orderId);
    clock.set(CUTOFF);
    try {
      const runner = createJobRunner({
        db: ctx.db,
        clock,
        handlers: restaurantNoticesFrom(ctx.deps, quiet).jobHandlers(),
        log: quiet,
      });
      await runner.runDue();
    } finally {
      clock.set(NOW);
    }
    const told = (await emailsTo(ctx.db, manager.email, 'restaurant_new_order')).filter((m) =>
      m.subject.includes(order_number),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Group order .+: final list of 2 meals, please accept or decline$/);
    expect(told[0]!.text_body).toContain("Each person's meal label is ready to print in the portal.");
    const res = await get(`/api/v2/partner/restaurants/${f.chef.id}/orders/${orderId}/labels.pdf`, cook.jwt);
    expect(res.statusCode, res.body).toBe(200);
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    for (const needle of ['Dev Patel', 'Dietary needs: Vegetarian', 'Eve Martin', meal.name])
      expect(page.text).toContain(needle);

    // another restaurant's team cannot tell the order exists
    const elsewhere = await signedInUser(ctx.app, ctx.db);
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 LIMIT 1', [
      f.chef.id,
    ]);
    await partners.addMember({ chefId: rows[0]!.id, userId: elsewhere.id, role: 'owner' });
    expect(
      (await get(`/api/v2/partner/restaurants/${rows[0]!.id}/orders/${orderId}/labels.pdf`, elsewhere.jwt)).statusCode,
    ).toBe(404);
    // an order that is no group order's has no labels
    const single = await placeOrder(ctx, f, creator.jwt, NOW);
    const none = await get(`/api/v2/partner/restaurants/${f.chef.id}/orders/${single.id}/labels.pdf`, cook.jwt);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: groupDocumentMessages.notGroupOrder });
  });

  it('labels of many meals run over several sheets of ten', async () => {
    const names = Array.from(
      { length: 12 },
      (_, i) => [`Member ${String(i + 1).padStart(2, '0')}`, i % 2 ? 'Gluten free' : ''] as [string, string],
    );
    const g = await groupWith(names, 12);
    await closeAtCutoff(g);
    const res = await labels(g.uuid);
    expect(res.statusCode).toBe(200);
    const first = await renderPdfPage(new Uint8Array(res.rawPayload), 1);
    const second = await renderPdfPage(new Uint8Array(res.rawPayload), 2);
    expect(first.pages).toBe(2);
    expect(first.text).toContain('12 meals · sheet 1 of 2');
    expect(second.text).toContain('sheet 2 of 2');
    for (const [name] of names.slice(0, 10)) expect(first.inked(name), name).toBe(true);
    for (const [name] of names.slice(10)) expect(second.inked(name), name).toBe(true);
    expect(second.text).not.toContain('Member 01');
  });

  it('a group order that closed without meals has no labels and no invoice', async () => {
    const g = await groupWith([]);
    expect(await closeAtCutoff(g)).toBeNull();
    const res = await labels(g.uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: groupDocumentMessages.noMeals });
    expect((await invoice(g.uuid)).json()).toEqual({ error: groupDocumentMessages.invoiceNotFound });
  });

  it('an unpaid combined order (no payment method at the cut-off) has no labels yet', async () => {
    const g = await groupWith([['Ana Souza', 'Vegan']], 6, other); // other has no saved card
    expect(await closeAtCutoff(g)).not.toBeNull();
    const res = await labels(g.uuid, other.jwt);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: groupDocumentMessages.unpaid });
    expect((await invoice(g.uuid, other.jwt)).statusCode).toBe(404);
  });

  it('invoice: the creator’s only, once delivery-ready or delivered, each member’s meal on it', async () => {
    const g = await groupWith([
      ['Ana Souza', 'Vegan'],
      ['Ben Okafor', ''],
    ]);
    // accepting, then waiting for delivery (New, Accepted): no invoice yet
    expect((await invoice(g.uuid)).statusCode).toBe(404);
    const orderId = (await closeAtCutoff(g))!;
    for (const events of [[], ['accept']] as const) {
      await moveOrder(ctx.db, orderId, [...events], NOW);
      const res = await invoice(g.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: groupDocumentMessages.invoiceNotFound });
    }
    // the group order's PO number and cost centre (issue 17 part 3; written here as its details page would)
    await ctx.db.query(`UPDATE group_orders SET po_number = 'PO-GRP-12', cost_centre = 'Team events' WHERE uuid = $1`, [
      g.uuid,
    ]);
    await moveOrder(ctx.db, orderId, ['mark_delivery_ready'], NOW);
    const ready = await invoice(g.id);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['content-type']).toBe('application/pdf');
    expect(ready.headers['content-disposition']).toBe(`attachment; filename="order_${g.id}.pdf"`);
    await moveOrder(ctx.db, orderId, ['mark_delivered'], NOW);
    const res = await invoice(g.uuid);
    expect(res.statusCode).toBe(200);

    const order = await orderRow(ctx.db, orderId);
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    // the group order's invoice is its combined order's: one number, the same document by either route
    const { rows: issued } = await ctx.db.query('SELECT number FROM invoices WHERE catering_order_id = $1', [orderId]);
    expect(issued).toHaveLength(1);
    expect(issued[0].number).toMatch(/^INV-2026-\d{6}$/);
    const catering = await get(`/api/v2/catering_order_invoices/${orderId}.pdf`, creator.jwt);
    expect((await renderPdfPage(new Uint8Array(catering.rawPayload))).text).toBe(page.text);
    for (const needle of [
      'Caterway',
      'INVOICE',
      `Invoice number: ${issued[0].number}`,
      'GST/HST Reg. No. 123456789 RT0001',
      'PO number: PO-GRP-12',
      'Cost centre: Team events',
      order.order_number,
      f.chef.business_name,
      'Friday lunch (group order, 2 meals, 6 invited)',
      'For Ana Souza · Dietary needs: Vegan',
      'For Ben Okafor',
      meal.name,
      'Delivery fee',
      formatCents(order.delivery_fee_cents),
      ...taxLinesOf(order).flatMap((l) => [formatTaxLineLabel(l), formatCents(l.cents)]),
      formatCents(order.total_cents),
      'Visa ending in 4242',
    ]) {
      expect(page.text, needle).toContain(needle);
      expect(page.inked(needle), `"${needle}" is drawn on the image`).toBe(true);
    }
    expect(order.subtotal_cents).toBe(meal.price_cents * 2);

    // not staff's, not another customer's (404 like an unknown id), not anonymous
    for (const jwt of [staff.jwt, other.jwt]) {
      const hidden = await invoice(g.uuid, jwt);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: groupDocumentMessages.notFound });
    }
    expect((await invoice(999_999_999)).json()).toEqual({ error: groupDocumentMessages.notFound });
    expect((await invoice(g.uuid, null)).statusCode).toBe(401);
  });
});
