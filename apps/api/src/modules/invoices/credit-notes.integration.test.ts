import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreditNoteList } from '@caterway/contracts';
import { formatCents, totalsDecrease, totalsLines, type OrderEvent } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { lifecycleServiceFrom } from '../order-lifecycle/lifecycle.compose.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { auth, orderRow, placeOrder, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { totalsOf, type OrderRow } from '../orders/orders.types.js';

// Credit notes (issue 17 part 2; docs/decisions/034): a decrease of an order's total after its
// payment was collected (an edit, a cancel with a refund) is a credit note of its own series
// against the order's invoice, its amounts the domain's totalsDecrease of the totals before and
// after, downloadable by the order's owner only. Through the real app, database and sandbox
// payments; each PDF read back as text where it is drawn.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };

describe('credit notes', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let owner: string;
  let other: string;
  let staff: string;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    // sessions outlive the clock's jump to an order's processing time
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    owner = (await signedInUser(ctx.app, ctx.db)).jwt;
    other = (await signedInUser(ctx.app, ctx.db)).jwt;
    staff = (await staffUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(() => clock.set(NOW));

  const get = (url: string, jwt: string | null = owner) => ctx.app.inject({ method: 'GET', url, headers: auth(jwt) });
  const creditNotes = async (id: number, jwt: string | null = owner) => {
    const res = await get(`/api/v2/catering_orders/${id}/credit_notes`, jwt);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CreditNoteList>();
  };
  const pdfText = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return renderPdfPage(new Uint8Array(res.rawPayload));
  };
  const move = (orderId: number, event: OrderEvent) =>
    withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId, event, actor: 'staff', actorUserId: null, now: clock.now() }),
    );

  /** An accepted order whose held payment was captured (as the processing job does), still editable. */
  async function captured(): Promise<OrderRow> {
    const order = await placeOrder(ctx, f, owner, NOW);
    await move(order.id, 'accept');
    await ctx.deps.payments.capturePaymentIntent(order.payment_intent_id!, { idempotencyKey: `capture-${order.id}` });
    await ctx.db.query(
      `UPDATE catering_orders SET payment_status = 'captured', captured_cents = total_cents, authorized_cents = 0 WHERE id = $1`,
      [order.id],
    );
    return orderRow(ctx.db, order.id);
  }

  /** The order's payload with its first line lowered by `by` (and its items alike). */
  function lowered(by: number) {
    const payload = orderPayload(f, NOW);
    const line = payload.preset_items[0]!;
    line.quantity -= by;
    for (const k of Object.keys(line.menu_items_mapping ?? {}))
      line.menu_items_mapping![k] = Math.max(0, line.menu_items_mapping![k]! - by);
    return payload;
  }
  const edit = (id: number, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/catering_orders/${id}`,
      headers: auth(owner),
      payload: { catering_order: payload, is_eft: false },
    });

  /** Every amount line of the credit, as totalsLines labels it, is drawn with its amount. */
  function expectCreditDrawn(
    page: Awaited<ReturnType<typeof renderPdfPage>>,
    before: OrderRow,
    after: OrderRow | null,
  ) {
    const credit = totalsDecrease(totalsOf(before), after ? totalsOf(after) : null);
    const lines = totalsLines(credit, {
      receivingMethod: before.receiving_method,
      cutleryCount: before.num_cutlery - (after?.num_cutlery ?? 0),
    });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const l of lines) {
      expect(page.inked(l.label), l.label).toBe(true);
      expect(page.text, `${l.label} ${formatCents(l.cents)}`).toContain(`${l.label} ${formatCents(l.cents)}`);
    }
    expect(page.text).toContain(`Total credited (CAD) ${formatCents(credit.totalCents)}`);
    return credit;
  }

  it('an edit that lowers a captured order: a credit note of the decrease per component against the invoice of the order as charged', async () => {
    const before = await captured();
    expect(await creditNotes(before.id)).toEqual({ invoice_number: null, credit_notes: [] });
    const res = await edit(before.id, lowered(1));
    expect(res.statusCode, res.body).toBe(200);
    const after = await orderRow(ctx.db, before.id);
    expect(after.total_cents).toBeLessThan(before.total_cents);

    const list = await creditNotes(before.id);
    expect(list.invoice_number).toMatch(/^INV-2026-\d{6}$/);
    expect(list.credit_notes).toEqual([
      {
        number: expect.stringMatching(/^CN-2026-\d{6}$/),
        invoice_number: list.invoice_number,
        issued_at: NOW.toISOString(),
        reason: 'edit',
        total_cents: before.total_cents - after.total_cents,
        currency: 'cad',
        pdf_url: `/api/v2/catering_orders/${before.id}/credit_notes/${list.credit_notes[0]!.number}.pdf`,
      },
    ]);
    // what was refunded is what was credited
    expect(after.refunded_cents).toBe(list.credit_notes[0]!.total_cents);
    // stored: the domain's decrease of the two stored totals, never computed apart
    const { rows } = await ctx.db.query('SELECT credit FROM credit_notes WHERE number = $1', [
      list.credit_notes[0]!.number,
    ]);
    expect(rows[0].credit).toEqual(totalsDecrease(totalsOf(before), totalsOf(after)));

    const note = list.credit_notes[0]!;
    const page = await pdfText(note.pdf_url);
    for (const needle of [
      'CREDIT NOTE',
      `Credit note number: ${note.number}`,
      `Refers to invoice: ${list.invoice_number} of March 2, 2026`,
      `Order number: ${before.order_number}`,
      'GST/HST Reg. No. 123456789 RT0001',
      'Northwind Consulting',
      'Refunded to Visa ending in 4242',
    ]) {
      expect(page.inked(needle), needle).toBe(true);
    }
    const credit = expectCreditDrawn(page, before, after);
    expect(credit.taxLines.map((t) => t.name)).toEqual(['HST']);

    // the invoice it refers to is the order as charged, downloadable although not yet delivered
    const invoice = await pdfText(`/api/v2/catering_order_invoices/${before.id}.pdf`);
    expect(invoice.text).toContain(`Invoice number: ${list.invoice_number}`);
    expect(invoice.text).toContain(`Total (CAD) ${formatCents(before.total_cents)}`);

    // a second decrease: a second credit note against the same invoice; together they bring it to the order's total
    expect((await edit(before.id, lowered(2))).statusCode).toBe(200);
    const later = await orderRow(ctx.db, before.id);
    const both = await creditNotes(before.id);
    expect(both.credit_notes.map((n) => [n.invoice_number, n.reason])).toEqual([
      [list.invoice_number, 'edit'],
      [list.invoice_number, 'edit'],
    ]);
    expect(Number(both.credit_notes[1]!.number.slice(-6))).toBe(Number(note.number.slice(-6)) + 1);
    expect(before.total_cents - both.credit_notes.reduce((s, n) => s + n.total_cents, 0)).toBe(later.total_cents);
    expect(later.refunded_cents).toBe(before.total_cents - later.total_cents);
  });

  it('no credit note while nothing was collected: an edit of a held order, and a cancel that only releases the hold', async () => {
    const held = await placeOrder(ctx, f, owner, NOW);
    await move(held.id, 'accept');
    expect((await edit(held.id, lowered(1))).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/catering_orders/${held.id}`,
      headers: auth(owner),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().catering_order.payment_status).toBe('canceled');
    expect(await creditNotes(held.id)).toEqual({ invoice_number: null, credit_notes: [] });
  });

  it("a customer's cancel after capture: the whole order credited, each component, and refunded", async () => {
    const order = await captured();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/catering_orders/${order.id}`,
      headers: auth(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().catering_order).toMatchObject({ payment_status: 'refunded', refunded_cents: order.total_cents });
    const list = await creditNotes(order.id);
    expect(list.credit_notes).toEqual([
      expect.objectContaining({
        reason: 'cancel',
        total_cents: order.total_cents,
        invoice_number: list.invoice_number,
      }),
    ]);
    const page = await pdfText(list.credit_notes[0]!.pdf_url);
    expect(page.text).toContain('The order was cancelled after its payment was collected');
    const credit = expectCreditDrawn(page, order, null);
    expect(credit).toEqual({
      ...totalsOf(order),
      taxLines: totalsOf(order).taxLines.map((t) => ({ ...t, jurisdiction: null })),
    });
    // the invoice stays the order as charged; invoice minus credit notes is what the customer paid: nothing
    const invoice = await pdfText(`/api/v2/catering_order_invoices/${order.id}.pdf`);
    expect(invoice.text).toContain(`Total (CAD) ${formatCents(order.total_cents)}`);
  });

  it('an order cancelled after capture still offers its invoice in My Orders and its detail; one cancelled before capture does not', async () => {
    const order = await captured();
    const held = await placeOrder(ctx, f, owner, NOW);
    await move(held.id, 'accept');
    for (const o of [order, held]) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v2/catering_orders/${o.id}`,
        headers: auth(owner),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const history = (await get('/api/v2/order_history')).json<{
      upcoming: { id: number }[];
      past: { id: number }[];
    }>();
    const entry = (id: number) => history.past.find((e) => e.id === id);
    const detail = async (id: number) => (await get(`/api/v2/catering_orders/${id}`)).json().catering_order;

    // the credit note issued the invoice it refers to: both stay downloadable, whatever the status
    expect((await creditNotes(order.id)).invoice_number).toMatch(/^INV-2026-\d{6}$/);
    // its label is Canceled: the green Processed of its capture no longer overrides it
    expect(entry(order.id)).toMatchObject({ status: 'Canceled', invoice_available: true, display_status: null });
    expect(await detail(order.id)).toMatchObject({
      status: 'Canceled',
      status_label: 'Canceled',
      invoice_available: true,
      display_status: null,
    });
    expect((await get(`/api/v2/catering_order_invoices/${order.id}.pdf`)).statusCode).toBe(200);

    // released before capture: no invoice was issued, none is offered
    expect(await creditNotes(held.id)).toEqual({ invoice_number: null, credit_notes: [] });
    expect(entry(held.id)).toMatchObject({ status: 'Canceled', invoice_available: false });
    expect(await detail(held.id)).toMatchObject({ status: 'Canceled', invoice_available: false });
    expect((await get(`/api/v2/catering_order_invoices/${held.id}.pdf`)).statusCode).toBe(404);
  });

  it('staff cancelling an order the processing job captured: a credit note the owner downloads, staff cannot', async () => {
    const order = await placeOrder(ctx, f, owner, NOW);
    await move(order.id, 'accept');
    // the processing job at processing time captures the hold for real
    clock.set(order.order_processing_at);
    await lifecycleServiceFrom(ctx.deps, quiet).processOrder(order.id);
    const capturedRow = await orderRow(ctx.db, order.id);
    expect(capturedRow).toMatchObject({ payment_status: 'captured', captured_cents: order.total_cents });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${order.id}/events`,
      headers: auth(staff),
      payload: { event: 'cancel' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await creditNotes(order.id);
    expect(list.credit_notes).toEqual([expect.objectContaining({ reason: 'cancel', total_cents: order.total_cents })]);
    expect((await orderRow(ctx.db, order.id)).refunded_cents).toBe(order.total_cents);
    // the owner's documents only: staff, another customer (404 like an unknown id), anonymous (401)
    const note = list.credit_notes[0]!;
    for (const jwt of [staff, other]) {
      for (const url of [
        `/api/v2/catering_orders/${order.id}/credit_notes`,
        note.pdf_url,
        `/api/v2/catering_order_invoices/${order.id}.pdf`,
      ]) {
        const hidden = await get(url, jwt);
        expect(hidden.statusCode, url).toBe(404);
        expect(hidden.json()).toEqual({ error: 'Order not found' });
      }
    }
    expect((await get(note.pdf_url, null)).statusCode).toBe(401);
    expect((await get(`/api/v2/catering_orders/${order.id}/credit_notes`, null)).statusCode).toBe(401);
    // a number that is not this order's, and one that is no number
    const elsewhere = await placeOrder(ctx, f, owner, NOW);
    const wrong = await get(`/api/v2/catering_orders/${elsewhere.id}/credit_notes/${note.number}.pdf`);
    expect([wrong.statusCode, wrong.json()]).toEqual([404, { error: 'Credit note not found' }]);
    expect((await get(`/api/v2/catering_orders/${order.id}/credit_notes/INV-2026-000001.pdf`)).statusCode).toBe(422);
  });

  it('numbers credit notes in their own gapless series under concurrent cancels', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await captured());
    const answers = await Promise.all(
      orders.map((o) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/v2/catering_orders/${o.id}`, headers: auth(owner) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const notes = (await Promise.all(orders.map((o) => creditNotes(o.id)))).map((l) => l.credit_notes);
    expect(notes.map((n) => n.length)).toEqual([1, 1, 1, 1]);
    const numbers = notes.map((n) => Number(n[0]!.number.slice(-6))).sort((a, b) => a - b);
    const { rows } = await ctx.db.query(
      `SELECT last_number FROM document_counters WHERE series = 'CN' AND year = 2026`,
    );
    expect(numbers).toEqual([0, 1, 2, 3].map((i) => rows[0].last_number - 3 + i));
    // and their invoices, issued with them, are four distinct invoices
    expect(new Set(notes.map((n) => n[0]!.invoice_number)).size).toBe(4);
  });
});
