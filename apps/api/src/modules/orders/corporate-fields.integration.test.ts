// What corporate buyers fill in (issue 17 part 3): a PO number and a cost centre (at most 64
// characters each) and the on-site contact (a name and a phone, both or neither), through the
// real checkout, edit and add-on calls on their own database and a fixed clock. Orders reach
// Accepted through the state machine, as the operations console does, and the console shows
// the contact and the PO number with the order (what the restaurant is told).
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editRuleMessages, type OrderEvent } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  addOnCart,
  cards,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from './orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {} };
const CORPORATE = {
  po_number: 'PO-4471',
  cost_centre: 'CC 210 / Sales',
  onsite_contact_name: 'Sam Rivera',
  onsite_contact_phone: '+1 (416) 555-0199',
};

describe('PO number, cost centre and on-site contact of catering orders', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  let staffJwt: string;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
    staffJwt = (await staffUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(() => clock.set(NOW));

  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, token: string = jwt) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const stored = async (id: number) =>
    (
      await ctx.db.query(
        'SELECT po_number, cost_centre, onsite_contact_name, onsite_contact_phone FROM catering_orders WHERE id = $1',
        [id],
      )
    ).rows[0];
  const detail = async (id: number) => (await send('GET', `/api/v2/catering_orders/${id}`)).json().catering_order;
  const move = (orderId: number, event: OrderEvent) =>
    withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId, event, actor: 'staff', actorUserId: null, now: clock.now() }),
    );
  const create = (extra: object) =>
    send('POST', '/api/v2/catering_orders', { catering_order: { ...orderPayload(f, NOW), ...extra }, is_eft: false });
  const put = (id: number, extra: object) =>
    send('PUT', `/api/v2/catering_orders/${id}`, {
      catering_order: { ...orderPayload(f, NOW), ...extra },
      is_eft: false,
    });

  /** A paid order with the given fields, accepted by staff. */
  async function placed(extra: object = CORPORATE): Promise<number> {
    const created = await create(extra);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().catering_order;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      payload: { purchase_id: order.purchase_id, payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok) },
      headers: { authorization: `Bearer ${jwt}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await move(order.id, 'accept');
    return order.id;
  }

  it('stores them trimmed at checkout and answers them in the order detail; none given is empty', async () => {
    const created = await create({
      po_number: '  PO-4471 ',
      cost_centre: 'CC 210 / Sales',
      onsite_contact_name: ' Sam Rivera',
      onsite_contact_phone: '+1 (416) 555-0199',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().catering_order.id as number;
    expect(await stored(id)).toEqual(CORPORATE);
    expect(await detail(id)).toMatchObject(CORPORATE);
    const bare = (await create({})).json().catering_order.id as number;
    expect(await detail(bare)).toMatchObject({
      po_number: '',
      cost_centre: '',
      onsite_contact_name: '',
      onsite_contact_phone: '',
    });
  });

  it('refuses 65 characters, control characters, a contact without a phone and a phone that is not one', async () => {
    const cases: [object, string][] = [
      [{ po_number: 'P'.repeat(65) }, 'PO number must be at most 64 characters.'],
      [{ cost_centre: 'C'.repeat(65) }, 'Cost centre must be at most 64 characters.'],
      [{ po_number: 'PO\t1' }, 'PO number cannot contain control characters.'],
      [{ onsite_contact_name: 'Sam Rivera' }, 'Please give both the on-site contact name and phone, or neither.'],
      [
        { onsite_contact_name: 'Sam Rivera', onsite_contact_phone: 'call Sam' },
        'On-site contact phone must be a phone number.',
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await create(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().messages, JSON.stringify(extra)).toContain(message);
    }
    // 64 is the limit, not over it
    expect((await create({ po_number: 'P'.repeat(64), cost_centre: 'C'.repeat(64) })).statusCode).toBe(201);
  });

  it('keeps them on a checkout submit that leaves them out; an empty value clears one', async () => {
    const id = (await create(CORPORATE)).json().catering_order.id as number;
    expect((await put(id, {})).statusCode).toBe(200);
    expect(await stored(id)).toEqual(CORPORATE);
    expect((await put(id, { po_number: '', onsite_contact_name: '', onsite_contact_phone: '' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({
      ...CORPORATE,
      po_number: '',
      onsite_contact_name: '',
      onsite_contact_phone: '',
    });
  });

  it('changes them in an edit while the order is editable, and refuses the edit once it is being prepared', async () => {
    const id = await placed();
    const edited = await put(id, {
      po_number: 'PO-5000',
      cost_centre: 'CC 300',
      onsite_contact_name: 'Lee Chan',
      onsite_contact_phone: '416-555-0123',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = {
      po_number: 'PO-5000',
      cost_centre: 'CC 300',
      onsite_contact_name: 'Lee Chan',
      onsite_contact_phone: '416-555-0123',
    };
    expect(await stored(id)).toEqual(changed);
    // an edit from a page that does not send them keeps them
    expect((await put(id, {})).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject(changed);
    // at the processing time the order is locked: the PO number cannot change any more
    const { rows } = await ctx.db.query<{ order_processing_at: Date }>(
      'SELECT order_processing_at FROM catering_orders WHERE id = $1',
      [id],
    );
    clock.set(rows[0]!.order_processing_at);
    const late = await put(id, { po_number: 'PO-LATE' });
    expect([late.statusCode, late.json().error]).toEqual([409, editRuleMessages.beingPrepared]);
    expect((await stored(id)).po_number).toBe('PO-5000');
  });

  it("gives an add-on the parent's PO number, cost centre and contact, or a PO number and cost centre of its own", async () => {
    const parentId = await placed();
    const addOn = await send('POST', `/api/v2/catering_orders/${parentId}/add_on_order`);
    expect(addOn.statusCode, addOn.body).toBe(201);
    const childId = addOn.json().id as number;
    // the draft shows the parent's, for the add-on checkout to prefill
    expect(await detail(childId)).toMatchObject(CORPORATE);
    const { purchase_id } = (await ctx.db.query('SELECT purchase_id FROM catering_orders WHERE id = $1', [childId]))
      .rows[0];
    const update = (extra: object) =>
      send('PUT', `/api/v2/catering_orders/${purchase_id}/update_addon_order`, {
        cart: { ...addOnCart(f, NOW), ...extra },
        eft: false,
      });
    expect((await update({ po_number: 'PO-ADDON' })).statusCode).toBe(200);
    // its own PO number; the cost centre and the contact (it is delivered with the parent) are the parent's
    expect(await stored(childId)).toEqual({ ...CORPORATE, po_number: 'PO-ADDON' });
    // the parent's as it stands now, when the add-on leaves them out
    expect((await put(parentId, { ...CORPORATE, cost_centre: 'CC 999' })).statusCode).toBe(200);
    expect((await update({})).statusCode).toBe(200);
    expect(await stored(childId)).toEqual({ ...CORPORATE, cost_centre: 'CC 999' });
    const tooLong = await update({ cost_centre: 'C'.repeat(65) });
    expect([tooLong.statusCode, tooLong.json().messages]).toEqual([
      422,
      ['Cost centre must be at most 64 characters.'],
    ]);
  });

  it("shows the restaurant's ticket in the operations console: the on-site contact and the PO number", async () => {
    const id = await placed();
    const bare = await placed({});
    const ticket = await send('GET', `/api/v2/ops/orders/${id}`, undefined, staffJwt);
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json().order).toMatchObject({
      onsite_contact: { name: 'Sam Rivera', phone: '+1 (416) 555-0199' },
      po_number: 'PO-4471',
    });
    expect((await send('GET', `/api/v2/ops/orders/${bare}`, undefined, staffJwt)).json().order).toMatchObject({
      onsite_contact: null,
      po_number: '',
    });
    // the day's list carries them too
    const { rows } = await ctx.db.query<{ delivery_at: Date }>(
      'SELECT delivery_at FROM catering_orders WHERE id = $1',
      [id],
    );
    const day = rows[0]!.delivery_at.toISOString().slice(0, 10);
    const list = (await send('GET', `/api/v2/ops/orders?from=${day}&to=${day}`, undefined, staffJwt)).json().orders as {
      id: number;
      po_number: string;
    }[];
    expect(list.find((o) => o.id === id)?.po_number).toBe('PO-4471');
  });
});
