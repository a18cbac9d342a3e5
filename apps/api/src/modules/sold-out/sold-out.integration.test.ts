// "86 an item" (issue 19 part 3; decision 053) end to end on a real database with a fixed clock:
// who may 86, the audit row and the catalogue version, "until end of day" in the restaurant's
// zone, the storefront's detail and checkout at the moment of the request, the orders an 86
// affects, and a substitute proposed to their customers (emailed, shown on their order).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GroupOrder } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, signedInUser, uniqueEmail } from '../auth/auth.test-helpers.js';
import { groupOrderDetails } from '../group-orders/group-orders.test-helpers.js';
import { auth, placeOrder, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from '../partner/partner.repository.js';

const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Toronto (EST, UTC-5)
const TORONTO_MIDNIGHT = '2026-11-24T05:00:00.000Z'; // the end of that Monday in Toronto
const quiet = { info() {}, warn() {}, error() {} };

type User = { jwt: string; email: string; id: number };

describe('86 an item', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const clock = fixedClock(NOW);
  let staff: User;
  let owner: User;
  let stranger: User;
  let ops: User;
  let customer: User;
  let dish: { id: number; name: string };

  const base = (chefId = f.chef.id) => `/api/v2/partner/restaurants/${chefId}`;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, jwt: string | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: auth(jwt), ...(payload ? { payload } : {}) });
  const eightySix = (jwt: string, body: object, chefId?: number) =>
    inject('POST', `${base(chefId)}/sold-out`, jwt, body);
  const version = async () =>
    Number(
      (
        await ctx.db.query<{ version: string }>('SELECT version FROM catalogue_versions WHERE chef_id = $1', [
          f.chef.id,
        ])
      ).rows[0]?.version ?? 0,
    );
  const presetSoldOut = async () => {
    const res = await inject('GET', `/api/v2/presets/${f.presetId}`, null);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preset.sold_out as { menu_ids: number[]; menu_item_ids: number[] };
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      clock,
      env: { SESSION_IDLE_MINUTES: '525600', GROUP_ORDERS_URL: 'http://groups.test' },
    });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const partners = createPartnerRepository(ctx.db);
    staff = await signedInUser(ctx.app, ctx.db, { first_name: 'Rosa', last_name: 'Diaz' });
    await partners.addMember({ chefId: f.chef.id, userId: staff.id, role: 'staff' });
    owner = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: owner.id, role: 'owner' });
    stranger = await signedInUser(ctx.app, ctx.db);
    const other = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 ORDER BY id LIMIT 1', [
        f.chef.id,
      ])
    ).rows[0]!;
    await partners.addMember({ chefId: other.id, userId: stranger.id, role: 'owner' });
    ops = await staffUser(ctx.app, ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
    const first = f.lines.find((l) => l.quantity > 0)!;
    dish = { id: first.menu_id, name: f.menus.get(first.menu_id)!.name };
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    clock.set(NOW);
    // each test starts with nothing sold out
    await ctx.db.query('UPDATE menus SET unavailable_until = NULL WHERE chef_id = $1', [f.chef.id]);
    await ctx.db.query(
      'UPDATE menu_items SET unavailable_until = NULL WHERE menu_id IN (SELECT id FROM menus WHERE chef_id = $1)',
      [f.chef.id],
    );
  });

  it("lists the restaurant's menu by category for its team and operations, and 404s for another restaurant", async () => {
    // the categories in the restaurant's order (menu_categories), here the reverse of the alphabet
    const { rows } = await ctx.db.query<{ name: string }>(
      'SELECT DISTINCT category_name AS name FROM menus WHERE chef_id = $1 AND NOT is_deleted ORDER BY 1 DESC',
      [f.chef.id],
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const [position, { name }] of rows.entries())
      await ctx.db.query(
        `INSERT INTO menu_categories (chef_id, name, position) VALUES ($1, $2, $3)
         ON CONFLICT (chef_id, name) DO UPDATE SET position = EXCLUDED.position`,
        [f.chef.id, name, position],
      );
    const res = await inject('GET', `${base()}/sold-out`, staff.jwt);
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json();
    expect(menu.time_zone).toBe(f.chef.time_zone);
    expect(menu.categories.map((c: { name: string }) => c.name)).toEqual(rows.map((r) => r.name));
    const all = menu.categories.flatMap((c: { dishes: { id: number; sold_out: boolean }[] }) => c.dishes);
    expect(all.find((d: { id: number }) => d.id === dish.id)).toMatchObject({ sold_out: false, until_text: null });
    expect((await inject('GET', `${base()}/sold-out`, ops.jwt)).statusCode).toBe(200);
    expect((await inject('GET', `${base()}/sold-out`, stranger.jwt)).statusCode).toBe(404);
    expect(
      (await eightySix(stranger.jwt, { menu_id: dish.id, available: false, duration: 'end_of_day' })).statusCode,
    ).toBe(404);
    expect((await inject('GET', `${base()}/sold-out`, null)).statusCode).toBe(401);
  });

  it('refuses an unclear 86 with a clear 422, and a dish of another restaurant with 404', async () => {
    const noDuration = await eightySix(staff.jwt, { menu_id: dish.id, available: false });
    expect(noDuration.statusCode).toBe(422);
    expect(noDuration.json().messages).toContain('Choose how long it is sold out.');
    const tooLong = await eightySix(staff.jwt, { menu_id: dish.id, available: false, duration: 'hours', hours: 73 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().messages).toContain('Choose between 1 and 72 hours.');
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM menus WHERE chef_id <> $1 LIMIT 1', [
      f.chef.id,
    ]);
    const foreign = await eightySix(staff.jwt, { menu_id: rows[0]!.id, available: false, duration: 'end_of_day' });
    expect(foreign.statusCode).toBe(404);
  });

  it("86s a dish until the end of the restaurant's day: audited, versioned, sold out on the storefront until local midnight", async () => {
    const before = await version();
    const res = await eightySix(staff.jwt, { menu_id: dish.id, available: false, duration: 'end_of_day' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      kind: 'dish',
      id: dish.id,
      sold_out: true,
      unavailable_until: TORONTO_MIDNIGHT,
      until_text: 'until end of day',
    });
    expect(await version()).toBe(before + 1);
    const audit = await inject('GET', `${base()}/audit?limit=1`, owner.jwt);
    expect(audit.json().entries[0]).toMatchObject({
      entity: 'dish',
      entity_id: String(dish.id),
      action: 'unavailable',
      summary: `${dish.name} sold out until end of day`,
      actor: { user_id: staff.id, role: 'staff' },
      before: { unavailable_until: null },
      after: { unavailable_until: TORONTO_MIDNIGHT },
    });
    expect((await presetSoldOut()).menu_ids).toContain(dish.id);

    // a minute before midnight in Toronto it is still sold out; at midnight it is back, by itself
    clock.set(new Date(Date.parse(TORONTO_MIDNIGHT) - 60_000));
    expect((await presetSoldOut()).menu_ids).toContain(dish.id);
    clock.set(new Date(TORONTO_MIDNIGHT));
    expect((await presetSoldOut()).menu_ids).not.toContain(dish.id);
    const menu = (await inject('GET', `${base()}/sold-out`, staff.jwt)).json();
    const shown = menu.categories
      .flatMap((c: { dishes: { id: number }[] }) => c.dishes)
      .find((d: { id: number }) => d.id === dish.id);
    expect(shown).toMatchObject({ sold_out: false, unavailable_until: null });
  });

  it('turns a dish back on, and keeps an 86 "until turned back on" past any day', async () => {
    await eightySix(owner.jwt, { menu_id: dish.id, available: false, duration: 'indefinitely' });
    clock.set(new Date(NOW.getTime() + 4 * 86_400_000));
    expect((await presetSoldOut()).menu_ids).toContain(dish.id);
    const back = await eightySix(ops.jwt, { menu_id: dish.id, available: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().item).toMatchObject({ sold_out: false, unavailable_until: null });
    expect((await presetSoldOut()).menu_ids).not.toContain(dish.id);
    const audit = (await inject('GET', `${base()}/audit?limit=1`, ops.jwt)).json().entries[0];
    expect(audit).toMatchObject({
      action: 'available',
      summary: `${dish.name} available again`,
      actor: { role: 'operations' },
    });
  });

  it('refuses a checkout with the sold-out dish, lists the placed order as affected, and keeps the placed order editable', async () => {
    const placed = await placeOrder(ctx, f, customer.jwt, NOW);
    const res = await eightySix(staff.jwt, { menu_id: dish.id, available: false, duration: 'hours', hours: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const affected = res.json().affected;
    expect(affected.subject).toBe(dish.name);
    const line = f.lines.filter((l) => l.menu_id === dish.id).reduce((n, l) => n + l.quantity, 0);
    expect(affected.orders).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        order_id: placed.id,
        order_number: placed.order_number,
        state: 'waiting',
        customer_name: 'Dana Morgan',
        email: 'dana@example.com',
        phone: '416-555-0101',
        quantity: line,
        messages_sent: 0,
      }),
    );
    const again = await inject('GET', `${base()}/sold-out/affected?menu_id=${dish.id}`, staff.jwt);
    expect(again.json().orders.map((o: { order_id: number }) => o.order_id)).toContain(placed.id);

    const checkout = await inject('POST', '/api/v2/catering_orders', customer.jwt, {
      catering_order: orderPayload(f, NOW),
      is_eft: false,
    });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().messages).toContain(`${dish.name} is sold out today. Remove it to continue.`);

    // the placed order is not touched: accepted, it lists as accepted, and an edit that keeps the dish goes through
    const detail = await inject('GET', `${base()}/orders/${placed.id}`, staff.jwt);
    const request = detail.json().order.requests.find((r: { answer: string | null }) => r.answer === null);
    const accepted = await inject('POST', `${base()}/orders/${placed.id}/answers`, staff.jwt, {
      answer: 'accept',
      request_id: request.id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const now = await inject('GET', `${base()}/sold-out/affected?menu_id=${dish.id}`, staff.jwt);
    expect(now.json().orders.find((o: { order_id: number }) => o.order_id === placed.id).state).toBe('accepted');
    const edit = await inject('PUT', `/api/v2/catering_orders/${placed.id}`, customer.jwt, {
      catering_order: { ...orderPayload(f, NOW), delivery_instruction: 'Side door' },
      is_eft: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('refuses a sold-out option at checkout, naming its dish', async () => {
    const line = f.lines.find((l) => Object.values(l.menu_items_mapping).some((q) => q > 0));
    expect(line, 'the demo preset has a line with an option').toBeDefined();
    const optionId = Number(Object.entries(line!.menu_items_mapping).find(([, q]) => q > 0)![0]);
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM menu_items WHERE id = $1', [optionId]);
    const res = await eightySix(staff.jwt, { menu_item_id: optionId, available: false, duration: 'end_of_day' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ kind: 'option', id: optionId, menu_id: line!.menu_id, sold_out: true });
    expect((await presetSoldOut()).menu_item_ids).toContain(optionId);
    const checkout = await inject('POST', '/api/v2/catering_orders', customer.jwt, {
      catering_order: orderPayload(f, NOW),
      is_eft: false,
    });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().messages).toContain(
      `${rows[0]!.name} (${f.menus.get(line!.menu_id)!.name}) is sold out today. Remove it to continue.`,
    );
  });

  it("proposes a substitute: stored, audited, emailed to the customer and shown on the customer's order", async () => {
    const placed = await placeOrder(ctx, f, customer.jwt, NOW);
    const body = 'We are out of it today: may we send our Chana Masala Tray instead, at the same price?';
    const url = `${base()}/orders/${placed.id}/messages`;
    expect((await inject('POST', `${base()}/orders/${placed.id}/messages`, staff.jwt, { body: '  ' })).statusCode).toBe(
      422,
    );
    expect(
      (
        await inject(
          'POST',
          `/api/v2/partner/restaurants/${(await otherChef()).id}/orders/${placed.id}/messages`,
          stranger.jwt,
          { body },
        )
      ).statusCode,
    ).toBe(404);
    const sent = await inject('POST', url, staff.jwt, { kind: 'substitute', body, menu_id: dish.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toMatchObject({
      kind: 'substitute',
      body,
      subject: dish.name,
      restaurant_name: f.chef.business_name,
      author_name: 'Rosa Diaz',
    });
    const mails = await emailsTo(ctx.db, 'dana@example.com', 'order_message_substitute');
    const mail = mails[mails.length - 1]!;
    expect(mail.subject).toBe(`${f.chef.business_name} proposes a substitute about ${dish.name}`);
    expect(mail.text_body).toContain(body);
    expect(mail.text_body).toContain(placed.order_number);

    const detail = await inject('GET', `/api/v2/catering_orders/${placed.id}`, customer.jwt);
    expect(detail.json().catering_order.restaurant_messages).toEqual([
      expect.objectContaining({ kind: 'substitute', body, subject: dish.name, restaurant_name: f.chef.business_name }),
    ]);
    expect(detail.json().catering_order.restaurant_messages[0]).not.toHaveProperty('author_name');
    const listed = await inject('GET', url, staff.jwt);
    expect(listed.json().messages).toHaveLength(1);
    expect((await inject('GET', url, stranger.jwt)).statusCode).toBe(404);
    const audit = (await inject('GET', `${base()}/audit?limit=1`, owner.jwt)).json().entries[0];
    expect(audit).toMatchObject({ entity: 'order_message', action: 'substitute', entity_id: String(placed.id) });

    await eightySix(staff.jwt, { menu_id: dish.id, available: false, duration: 'end_of_day' });
    const affected = await inject('GET', `${base()}/sold-out/affected?menu_id=${dish.id}`, staff.jwt);
    expect(affected.json().orders.find((o: { order_id: number }) => o.order_id === placed.id).messages_sent).toBe(1);
  });

  async function otherChef() {
    return (
      await ctx.db.query<{ id: number }>(
        `SELECT chef_id::int AS id FROM restaurant_members WHERE user_id = $1 LIMIT 1`,
        [stranger.id],
      )
    ).rows[0]!;
  }

  /** A group order of the fixture's preset, delivered on Friday, open for members to join and choose. */
  async function openGroupOrder(creator: User, budgetCents: number): Promise<GroupOrder> {
    const created = await inject('POST', '/api/v2/group_orders', creator.jwt, {
      preset_id: f.presetId,
      delivery_params: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = await inject(
      'PUT',
      `/api/v2/group_orders/${created.json().uuid}`,
      creator.jwt,
      groupOrderDetails(f, { budget_cents: budgetCents, delivery_date: '2026-11-27' }),
    );
    expect(put.statusCode, put.body).toBe(200);
    return put.json().group_order as GroupOrder;
  }

  /** Joins as a member; answers the member token. */
  async function joinGroupOrder(group: GroupOrder, name: string): Promise<string> {
    const res = await inject('POST', `/api/v2/group/${group.share_token}/members`, null, {
      name,
      email: uniqueEmail(name.toLowerCase()),
      dietary_needs: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().member_token as string;
  }

  it("refuses a group order member's choice of a sold-out dish, lists open group orders, and messages their organiser", async () => {
    const creator = await signedInUser(ctx.app, ctx.db, { first_name: 'Gia', last_name: 'Organiser' });
    const { rows } = await ctx.db.query<{ id: number; name: string; price_cents: number }>(
      `SELECT id::int AS id, name, price_cents FROM menus
        WHERE chef_id = $1 AND NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks' AND price_cents > 0
        ORDER BY price_cents, id LIMIT 1`,
      [f.chef.id],
    );
    const meal = rows[0]!;
    const group = await openGroupOrder(creator, meal.price_cents * 2);
    const join = (name: string) => joinGroupOrder(group, name);
    const choose = (token: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/group/${group.share_token}/choice`,
        headers: { 'x-member-token': token },
        payload: { menu_id: meal.id },
      });
    const early = await join('Ari');
    expect((await choose(early)).statusCode).toBe(200);

    const res = await eightySix(staff.jwt, { menu_id: meal.id, available: false, duration: 'end_of_day' });
    const open = res.json().affected.orders.find((o: { kind: string }) => o.kind === 'group_order');
    expect(open).toMatchObject({
      kind: 'group_order',
      state: 'open',
      group_order_name: group.name,
      customer_name: 'Gia Organiser',
      email: creator.email,
      quantity: 1,
    });

    const late = await join('Bo');
    const refused = await choose(late);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toEqual([`${meal.name} is sold out today. Remove it to continue.`]);

    const sent = await inject('POST', `${base()}/group-orders/${open.group_order_id}/messages`, staff.jwt, {
      body: 'Sold out today: members may pick the Veggie Bowl instead.',
      menu_id: meal.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await emailsTo(ctx.db, creator.email, 'order_message_substitute');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`group order "${group.name}"`);
    // the organiser's group order detail in My Orders shows it
    const detail = await inject('GET', `/api/v2/group_orders/${open.group_order_id}/detail`, creator.jwt);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().group_order.restaurant_messages).toEqual([
      expect.objectContaining({
        kind: 'substitute',
        body: 'Sold out today: members may pick the Veggie Bowl instead.',
        subject: meal.name,
      }),
    ]);
    expect(
      (await inject('POST', `${base()}/group-orders/${open.group_order_id}/messages`, stranger.jwt, { body: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it("answers the members' page and the dashboard with each meal's 86 at the server clock; an option's 86 greys out no meal", async () => {
    const creator = await signedInUser(ctx.app, ctx.db, { first_name: 'Gia', last_name: 'Organiser' });
    const { rows: meals } = await ctx.db.query<{ id: number; name: string; price_cents: number }>(
      `SELECT id::int AS id, name, price_cents FROM menus
        WHERE chef_id = $1 AND NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks' AND price_cents > 0
          AND EXISTS (SELECT 1 FROM menu_items mi WHERE mi.menu_id = menus.id)
        ORDER BY price_cents, id LIMIT 3`,
      [f.chef.id],
    );
    expect(meals, 'three individual meals with options').toHaveLength(3);
    const [today, hours, third] = meals as [(typeof meals)[0], (typeof meals)[0], (typeof meals)[0]];
    const option = (
      await ctx.db.query<{ id: number; menu_id: number }>(
        'SELECT id::int AS id, menu_id::int AS menu_id FROM menu_items WHERE menu_id = $1 ORDER BY id LIMIT 1',
        [third.id],
      )
    ).rows[0]!;
    const group = await openGroupOrder(creator, third.price_cents * 2);
    const token = await joinGroupOrder(group, 'Ari');
    const memberCall = (method: 'GET' | 'PUT', payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v2/group/${group.share_token}/choice`,
        headers: { 'x-member-token': token },
        ...(payload ? { payload } : {}),
      });
    const chosen = await memberCall('PUT', { menu_id: today.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().choice).toMatchObject({ menu_id: today.id, sold_out: false, sold_out_label: null });

    // the meal Ari chose, until the end of the day; another for 4 hours (back at 2:00 PM Toronto); an option
    for (const body of [
      { menu_id: today.id, available: false, duration: 'end_of_day' },
      { menu_id: hours.id, available: false, duration: 'hours', hours: 4 },
      { menu_item_id: option.id, available: false, duration: 'indefinitely' },
    ]) {
      const res = await eightySix(staff.jwt, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = async () => {
      const res = await inject('GET', `/api/v2/group/${group.share_token}`, null);
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map<number, { sold_out: boolean; sold_out_label: string | null }>(
        res.json().menus.map((m: { id: number; sold_out: boolean; sold_out_label: string | null }) => [m.id, m]),
      );
      return (id: number) => {
        const m = byId.get(id);
        return m && { sold_out: m.sold_out, sold_out_label: m.sold_out_label };
      };
    };
    const dashboardPick = async () => {
      const res = await inject('GET', `/api/v2/group_orders/dashboard/${creator.id}`, creator.jwt);
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json().group_orders.find((g: { uuid: string }) => g.uuid === group.uuid);
      return entry.members[0].choice as { menu_id: number; sold_out: boolean; sold_out_label: string | null };
    };

    let meal = await page();
    expect(meal(today.id)).toEqual({ sold_out: true, sold_out_label: 'Sold out today' });
    expect(meal(hours.id)).toEqual({ sold_out: true, sold_out_label: 'Sold out until 2:00 PM' });
    // members choose no options: an option's 86 leaves its meal orderable
    expect(meal(option.menu_id)).toEqual({ sold_out: false, sold_out_label: null });
    // the member's own answer and the organiser's dashboard flag the pick
    expect((await memberCall('GET')).json().choice).toMatchObject({
      menu_id: today.id,
      sold_out: true,
      sold_out_label: 'Sold out today',
    });
    expect(await dashboardPick()).toMatchObject({
      menu_id: today.id,
      sold_out: true,
      sold_out_label: 'Sold out today',
    });
    // the list and the refusal agree
    const refused = await memberCall('PUT', { menu_id: hours.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toEqual([`${hours.name} is sold out today. Remove it to continue.`]);

    // at 2:00 PM the 4 hours are over, by the clock alone; at midnight the rest of the day too
    clock.set(new Date('2026-11-23T19:00:00Z'));
    meal = await page();
    expect(meal(hours.id)).toEqual({ sold_out: false, sold_out_label: null });
    expect(meal(today.id)).toEqual({ sold_out: true, sold_out_label: 'Sold out today' });
    clock.set(new Date(TORONTO_MIDNIGHT));
    expect((await page())(today.id)).toEqual({ sold_out: false, sold_out_label: null });
    expect((await memberCall('GET')).json().choice).toMatchObject({ sold_out: false, sold_out_label: null });
    expect(await dashboardPick()).toMatchObject({ sold_out: false, sold_out_label: null });

    // after the cut-off the choice was placed as it was: the page still greys the meal, the pick is not flagged
    await eightySix(staff.jwt, { menu_id: today.id, available: false, duration: 'indefinitely' });
    clock.set(new Date('2026-11-26T22:00:01Z'));
    expect((await page())(today.id)).toEqual({ sold_out: true, sold_out_label: 'Sold out' });
    const after = (await memberCall('GET')).json();
    expect(after.ordering_open).toBe(false);
    expect(after.choice).toMatchObject({ menu_id: today.id, sold_out: false, sold_out_label: null });
  });
});
