import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupOrder, GroupOrderDetailsBody } from '@caterway/contracts';
import { groupCutoffInstant, groupMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { createJobRunner, findJob } from '../../lib/jobs.js';
import { emailsTo, goodPassword, signedInUser, uniqueEmail } from '../auth/auth.test-helpers.js';
import { PROCESS_ORDER } from '../order-lifecycle/lifecycle.service.js';
import { auth, insertPlacedOrder, orderRow, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { cards, restaurantFixture, sandboxCard, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { createGroupCutoff, cutoffMessages } from './group-cutoff.js';
import { GROUP_ORDER_CUTOFF } from './group-orders.service.js';
import { groupOrderDetails } from './group-orders.test-helpers.js';

// Issue 6 items 1-4 and 6 through the real API on its own database: every rule of the group
// order on the server (cut-off by the server clock in the chef's zone, the budget, own choice
// only, creator-or-staff), and the cut-off job: exactly once with two runners, all or nothing.

const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const DELIVERY_DATE = '2026-11-27'; // Friday; the cut-off (1 day before, 5:00 PM Toronto) is Thu 22:00Z
const CUTOFF = new Date('2026-11-26T22:00:00Z');

type User = { jwt: string; email: string; id: number };

describe('group orders API', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const clock = fixedClock(NOW);
  let creator: User;
  let other: User;
  let staff: User;
  let cheap: { id: number; price_cents: number; name: string };
  let dear: { id: number; price_cents: number };
  let budget: number;
  let cutoff: ReturnType<typeof createGroupCutoff>;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    jwt: string | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) => ctx.app.inject({ method, url, headers: { ...auth(jwt), ...headers }, ...(payload ? { payload } : {}) });

  const details = (overrides: Partial<GroupOrderDetailsBody> = {}): GroupOrderDetailsBody =>
    groupOrderDetails(f, { budget_cents: budget, delivery_date: DELIVERY_DATE }, overrides);

  async function startGroup(user: User = creator, overrides: Partial<GroupOrderDetailsBody> = {}): Promise<GroupOrder> {
    const created = await inject('POST', '/api/v2/group_orders', user.jwt, {
      preset_id: f.presetId,
      delivery_params: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = await inject('PUT', `/api/v2/group_orders/${created.json().uuid}`, user.jwt, details(overrides));
    expect(put.statusCode, put.body).toBe(200);
    return put.json().group_order;
  }

  async function join(g: GroupOrder, name: string, dietary = ''): Promise<{ token: string; email: string }> {
    const email = uniqueEmail(name.toLowerCase());
    const res = await inject('POST', `/api/v2/group/${g.share_token}/members`, null, {
      name,
      email,
      dietary_needs: dietary,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { token: res.json().member_token, email };
  }

  const choose = (g: GroupOrder, token: string, menuId: number) =>
    inject('PUT', `/api/v2/group/${g.share_token}/choice`, null, { menu_id: menuId }, { 'x-member-token': token });

  async function saveCard(user: User, number: string = cards.ok): Promise<string> {
    const pm = await sandboxCard(ctx.deps.payments, number);
    const res = await inject('POST', '/api/v2/user_payment_methods', user.jwt, { payment_method_id: pm });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return pm;
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      clock,
      env: { SESSION_IDLE_MINUTES: '525600', GROUP_ORDERS_URL: 'http://groups.test' },
    });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    creator = await signedInUser(ctx.app, ctx.db);
    other = await signedInUser(ctx.app, ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
    const { rows } = await ctx.db.query<{ id: number; price_cents: number; name: string }>(
      `SELECT id, price_cents, name FROM menus WHERE chef_id = $1 AND NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks' AND price_cents > 0 ORDER BY price_cents, id`,
      [f.chef.id],
    );
    cheap = rows[0]!;
    dear = rows[rows.length - 1]!;
    expect(dear.price_cents).toBeGreaterThan(cheap.price_cents);
    budget = cheap.price_cents;
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
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('prefills a new group order from the account defaults, then moves created → detail_entered → accepting', async () => {
    await ctx.db.query(
      "UPDATE users SET go_name = 'Team lunch', go_head_count = 12, go_budget_cents = 2500, go_gap_days = 2, go_cutoff_time = '16:30', go_delivery_time = '12:15' WHERE id = $1",
      [creator.id],
    );
    const created = await inject('POST', '/api/v2/group_orders', creator.jwt, {
      preset_id: f.presetId,
      delivery_params: { address: '100 King St W', delivery_date: DELIVERY_DATE },
    });
    expect(created.statusCode).toBe(201);
    const uuid = created.json().uuid as string;
    const got = (await inject('GET', `/api/v2/group_orders/${uuid}`, creator.jwt)).json().group_order as GroupOrder;
    expect(got).toMatchObject({
      status: 'created',
      name: 'Team lunch',
      head_count: 12,
      budget_cents: 2500,
      gap_days: 2,
      cutoff_time: 16 * 3600 + 1800,
      delivery_time: 12 * 3600 + 900,
      delivery_address: '100 King St W',
      delivery_date: DELIVERY_DATE,
      time_zone: f.chef.time_zone,
      editable: true,
      ordering_open: false,
    });
    expect(got.cutoff_at).toBe(
      groupCutoffInstant({
        deliveryDate: DELIVERY_DATE,
        gapDays: 2,
        cutoffSeconds: 16 * 3600 + 1800,
        timeZone: f.chef.time_zone,
      })!.toISOString(),
    );
    expect(got.share_url).toBe(`http://groups.test/g/${got.share_token}`);
    expect(got.admin_link).toBe(`http://groups.test/group-orders/${uuid}`);
    // the share link does not work before the details are entered
    expect((await inject('GET', `/api/v2/group/${got.share_token}`, null)).statusCode).toBe(404);

    const entered = await inject('PUT', `/api/v2/group_orders/${uuid}`, creator.jwt, details({ open_ordering: false }));
    expect(entered.json().group_order.status).toBe('detail_entered');
    const page = await inject('GET', `/api/v2/group/${got.share_token}`, null);
    expect(page.json().group_order).toMatchObject({ ordering_open: false, closed_message: groupMessages.notOpenYet });
    const opened = await inject('PUT', `/api/v2/group_orders/${uuid}`, creator.jwt, details());
    expect(opened.json().group_order).toMatchObject({
      status: 'accepting',
      ordering_open: true,
      cutoff_at: CUTOFF.toISOString(),
    });
    expect((await findJob(ctx.db, GROUP_ORDER_CUTOFF, `group:${uuid}`))?.run_at.toISOString()).toBe(
      CUTOFF.toISOString(),
    );

    // editing the delivery date moves the cut-off job with it
    const moved = await inject(
      'PUT',
      `/api/v2/group_orders/${uuid}`,
      creator.jwt,
      details({ delivery_date: '2026-11-30' }),
    );
    expect(moved.json().group_order.cutoff_at).toBe('2026-11-29T22:00:00.000Z');
    expect((await findJob(ctx.db, GROUP_ORDER_CUTOFF, `group:${uuid}`))?.run_at.toISOString()).toBe(
      '2026-11-29T22:00:00.000Z',
    );
  });

  it('does not prefill a saved delivery date whose cut-off has passed', async () => {
    const created = await inject('POST', '/api/v2/group_orders', creator.jwt, {
      preset_id: f.presetId,
      delivery_params: { delivery_date: '2026-11-23' },
    });
    const got = (await inject('GET', `/api/v2/group_orders/${created.json().uuid}`, creator.jwt)).json().group_order;
    expect(got).toMatchObject({ delivery_date: null, cutoff_at: null, editable: true });
  });

  it('keeps members who already chose or joined: no budget below a chosen meal, no head count below those joined', async () => {
    const g = await startGroup(creator, { budget_cents: dear.price_cents });
    const ana = await join(g, 'Ana');
    await join(g, 'Ben');
    expect((await choose(g, ana.token, dear.id)).statusCode).toBe(200);
    const cut = await inject(
      'PUT',
      `/api/v2/group_orders/${g.uuid}`,
      creator.jwt,
      details({ budget_cents: cheap.price_cents }),
    );
    expect(cut.statusCode).toBe(422);
    expect(cut.json().messages[0]).toMatch(/^1 member has already chosen a meal above/);
    const fewer = await inject(
      'PUT',
      `/api/v2/group_orders/${g.uuid}`,
      creator.jwt,
      details({ budget_cents: dear.price_cents, head_count: 1 }),
    );
    expect(fewer.json().messages).toEqual(['2 members have already joined: the head count cannot be lower.']);
  });

  it('refuses details whose cut-off has passed, gap days below 1 and a missing address', async () => {
    const created = await inject('POST', '/api/v2/group_orders', creator.jwt, {
      preset_id: f.presetId,
      delivery_params: {},
    });
    const url = `/api/v2/group_orders/${created.json().uuid}`;
    const past = await inject('PUT', url, creator.jwt, details({ delivery_date: '2026-11-23' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().messages).toContain(groupMessages.cutoffPassed);
    expect((await inject('PUT', url, creator.jwt, details({ gap_days: 0 }))).statusCode).toBe(422);
    expect((await inject('PUT', url, creator.jwt, details({ delivery_address: '' }))).statusCode).toBe(422);
    // request bodies cannot set the status
    const forged = await inject('PUT', url, creator.jwt, {
      ...details({ open_ordering: false }),
      status: 'waiting_for_delivery',
    });
    expect(forged.json().group_order.status).toBe('detail_entered');
  });

  it('lets only the creator (or staff) see, edit and cancel; everyone else gets 404', async () => {
    const g = await startGroup();
    for (const [method, url, body] of [
      ['GET', `/api/v2/group_orders/${g.uuid}`, undefined],
      ['GET', `/api/v2/group_orders/${g.id}`, undefined],
      ['PUT', `/api/v2/group_orders/${g.uuid}`, details()],
      ['DELETE', `/api/v2/group_orders/${g.uuid}`, undefined],
      ['GET', `/api/v2/group_orders/${g.uuid}/detail`, undefined],
      ['POST', `/api/v2/group_orders/${g.uuid}/reminders`, undefined],
      ['GET', `/api/v2/group_orders/dashboard/${creator.id}`, undefined],
    ] as const) {
      const res = await inject(method, url, other.jwt, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((await inject(method, url, null, body)).statusCode).toBe(401);
    }
    expect((await inject('GET', `/api/v2/group_orders/${g.uuid}`, staff.jwt)).statusCode).toBe(200);
    expect((await inject('GET', `/api/v2/group_orders/${g.id}/detail`, staff.jwt)).statusCode).toBe(200);
    expect(
      (await inject('PUT', `/api/v2/group_orders/${g.uuid}`, staff.jwt, details({ head_count: 8 }))).json().group_order
        .head_count,
    ).toBe(8);
    // the dashboard is the creator's own
    expect((await inject('GET', `/api/v2/group_orders/dashboard/${creator.id}`, staff.jwt)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v2/group_orders/dashboard/${creator.id}`, creator.jwt)).statusCode).toBe(200);
    const cancelled = await inject('DELETE', `/api/v2/group_orders/${g.uuid}`, staff.jwt);
    expect(cancelled.json().group_order).toMatchObject({ status: 'canceled', editable: false });
  });

  it("the creator's calls accept the dashboard's admin token (X-Admin-Token) alone; another user's token finds nothing", async () => {
    const g = await startGroup();
    const adminTokenOf = async (email: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/user_token',
        payload: { auth: { email, password: goodPassword } },
      });
      expect(res.statusCode).toBe(200);
      return res.json().user.admin_token as string;
    };
    const asAdmin = (url: string, token: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'x-admin-token': token } });
    const mine = await adminTokenOf(creator.email);
    expect((await asAdmin(`/api/v2/group_orders/dashboard/${creator.id}`, mine)).statusCode).toBe(200);
    expect((await asAdmin(`/api/v2/group_orders/${g.uuid}`, mine)).statusCode).toBe(200);
    const theirs = await adminTokenOf(other.email);
    expect((await asAdmin(`/api/v2/group_orders/dashboard/${creator.id}`, theirs)).statusCode).toBe(404);
    expect((await asAdmin(`/api/v2/group_orders/${g.uuid}`, theirs)).statusCode).toBe(404);
    expect((await asAdmin(`/api/v2/group_orders/${g.uuid}`, 'not-a-token')).statusCode).toBe(401);
    // a stale storefront session beside a valid admin token: the admin token counts
    const stale = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/group_orders/${g.uuid}`,
      headers: { authorization: 'Bearer expired.session.token', 'x-admin-token': mine },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('members join, choose within the budget, change and withdraw; each sees only their own choice', async () => {
    const g = await startGroup();
    const page = await inject('GET', `/api/v2/group/${g.share_token}`, null);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.group_order).toMatchObject({
      budget_cents: budget,
      ordering_open: true,
      cutoff_at: CUTOFF.toISOString(),
      chef_name: f.chef.business_name,
    });
    expect(body.menus.find((m: { id: number }) => m.id === cheap.id)).toMatchObject({ within_budget: true });
    expect(body.menus.find((m: { id: number }) => m.id === dear.id)).toMatchObject({ within_budget: false });

    // individually packaged meals only: no trays or platters and no drinks, in the list or as a choice
    const { rows: notMeals } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM menus WHERE chef_id = $1 AND NOT is_deleted AND (menu_type <> 'single' OR category_name = 'Drinks')`,
      [f.chef.id],
    );
    expect(notMeals.length).toBeGreaterThan(0);
    const listed = new Set(body.menus.map((m: { id: number }) => m.id));
    for (const m of notMeals) expect(listed.has(m.id)).toBe(false);

    const ana = await join(g, 'Ana', 'Vegan');
    const ben = await join(g, 'Ben');
    expect((await choose(g, ana.token, notMeals[0]!.id)).statusCode).toBe(422);
    const over = await choose(g, ana.token, dear.id);
    expect(over.statusCode).toBe(422);
    expect(over.json().messages).toEqual([groupMessages.overBudget(budget)]);
    expect(groupMessages.overBudget(2000)).toBe('This meal is over your budget of $20.00.');
    const ok = await choose(g, ana.token, cheap.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      choice: { menu_id: cheap.id, price_cents: cheap.price_cents },
      budget_left_cents: 0,
      member: { name: 'Ana', dietary_needs: 'Vegan' },
    });
    // Ben has chosen nothing: his token shows his state, not Ana's
    const bens = await inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
      'x-member-token': ben.token,
    });
    expect(bens.json()).toMatchObject({ member: { name: 'Ben' }, choice: null });
    // no token, a made-up one, or a member of another group order: 404
    const g2 = await startGroup();
    const stranger = await join(g2, 'Cy');
    expect((await inject('GET', `/api/v2/group/${g.share_token}/choice`, null)).statusCode).toBe(404);
    expect(
      (
        await inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
          'x-member-token': 'nope-nope-nope',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
          'x-member-token': stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    expect((await choose(g, stranger.token, cheap.id)).statusCode).toBe(404);
    // a meal of another chef is refused
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT id FROM menus WHERE chef_id <> $1 AND NOT is_deleted LIMIT 1',
      [f.chef.id],
    );
    expect((await choose(g, ben.token, rows[0]!.id)).json().messages).toEqual([groupMessages.menuNotOffered]);
    // withdraw, then join again with the same email: refused; the address had its one email today
    const withdrawn = await inject('DELETE', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
      'x-member-token': ana.token,
    });
    expect(withdrawn.json().choice).toBeNull();
    const again = await inject('POST', `/api/v2/group/${g.share_token}/members`, null, {
      name: 'Ana',
      email: ana.email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(groupMessages.alreadyJoined);
    const links = await emailsTo(ctx.db, ana.email, 'group_order_member_link');
    expect(links).toHaveLength(1);
    expect(links[0]!.text_body).toContain(`http://groups.test/g/${g.share_token}?member_token=`);
  });

  it("joining again with a member's email never cuts their link, hands the joiner nothing, and mails the member a further link within the limits", async () => {
    const g = await startGroup();
    const ana = await join(g, 'Ana');
    const seeOwn = (token: string) =>
      inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, { 'x-member-token': token });
    const rejoin = () =>
      inject('POST', `/api/v2/group/${g.share_token}/members`, null, {
        name: 'Mallory',
        email: ana.email,
        dietary_needs: '',
      });
    const first = await rejoin();
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ error: groupMessages.alreadyJoined });
    expect(first.body).not.toContain('member_token');
    expect((await seeOwn(ana.token)).json().member).toMatchObject({ name: 'Ana', email: ana.email });
    // one email per address per day: the joining email was it
    expect(await emailsTo(ctx.db, ana.email, 'group_order_member_link')).toHaveLength(1);
    clock.advance(24 * 3600_000 + 60_000);
    try {
      expect((await rejoin()).statusCode).toBe(409);
      const links = await emailsTo(ctx.db, ana.email, 'group_order_member_link');
      expect(links).toHaveLength(2);
      expect(links[1]!.text_body).toContain('the link you had still works too');
      const further = new URL(/http:\/\/groups\.test\S+/.exec(links[1]!.text_body)![0]).searchParams.get(
        'member_token',
      )!;
      expect(further).not.toBe(ana.token);
      // both links work: the one Ana had and the one just emailed
      expect((await seeOwn(ana.token)).statusCode).toBe(200);
      expect((await seeOwn(further)).json().member.name).toBe('Ana');
      expect((await choose(g, further, cheap.id)).statusCode).toBe(200);
      expect((await seeOwn(ana.token)).json().choice).toMatchObject({ menu_id: cheap.id });
      // and again the same day: no more email
      await rejoin();
      expect(await emailsTo(ctx.db, ana.email, 'group_order_member_link')).toHaveLength(2);
    } finally {
      clock.set(NOW);
    }
  });

  it('sends at most 5 member-link emails per group order per hour and 1 per address per day, counted in PostgreSQL', async () => {
    const g = await startGroup(creator, { head_count: 20 });
    const members = [];
    for (const name of ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus']) members.push(await join(g, name));
    const mailed = async (email: string) => (await emailsTo(ctx.db, email, 'group_order_member_link')).length;
    const counts = await Promise.all(members.map((m) => mailed(m.email)));
    expect(counts).toEqual([1, 1, 1, 1, 1, 0, 0]);
    const { rows } = await ctx.db.query(
      'SELECT count(*)::int AS n FROM group_order_emails WHERE group_order_uuid = $1',
      [g.uuid],
    );
    expect(rows[0].n).toBe(5);
    // every join still worked: each member has their token
    for (const m of members)
      expect(
        (await inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, { 'x-member-token': m.token }))
          .statusCode,
      ).toBe(200);
    // another group order cannot mail an address that had its email today
    const g2 = await startGroup();
    const other = await inject('POST', `/api/v2/group/${g2.share_token}/members`, null, {
      name: 'Ana',
      email: members[0]!.email,
      dietary_needs: '',
    });
    expect(other.statusCode).toBe(201);
    expect(await mailed(members[0]!.email)).toBe(1);
    // an hour later the group order may mail again
    clock.advance(3600_000 + 1000);
    try {
      const late = await join(g, 'Hal');
      expect(await mailed(late.email)).toBe(1);
    } finally {
      clock.set(NOW);
    }
  });

  it('records every budget change (who, when, old, new) and shows it to staff and the creator', async () => {
    const g = await startGroup(creator, { budget_cents: budget });
    expect(
      (await inject('PUT', `/api/v2/group_orders/${g.uuid}`, staff.jwt, details({ budget_cents: budget + 500 })))
        .statusCode,
    ).toBe(200);
    clock.advance(60_000);
    try {
      expect(
        (await inject('PUT', `/api/v2/group_orders/${g.uuid}`, creator.jwt, details({ budget_cents: budget + 250 })))
          .statusCode,
      ).toBe(200);
      // a change of something else is no budget change
      expect(
        (
          await inject(
            'PUT',
            `/api/v2/group_orders/${g.uuid}`,
            staff.jwt,
            details({ budget_cents: budget + 250, head_count: 9 }),
          )
        ).statusCode,
      ).toBe(200);
    } finally {
      clock.set(NOW);
    }
    const seen = await inject('GET', `/api/v2/group_orders/${g.uuid}/budget_changes`, staff.jwt);
    expect(seen.statusCode).toBe(200);
    // completing the details may have set the budget first (from the account's default): the creator's
    const changes = seen.json().budget_changes;
    expect(changes.slice(0, -2).every((c: { changed_by_role: string }) => c.changed_by_role === 'creator')).toBe(true);
    expect(changes.slice(-2)).toEqual([
      {
        changed_by: staff.id,
        changed_by_name: expect.any(String),
        changed_by_email: staff.email,
        changed_by_role: 'staff',
        old_budget_cents: budget,
        new_budget_cents: budget + 500,
        changed_at: NOW.toISOString(),
      },
      {
        changed_by: creator.id,
        changed_by_name: expect.any(String),
        changed_by_email: creator.email,
        changed_by_role: 'creator',
        old_budget_cents: budget + 500,
        new_budget_cents: budget + 250,
        changed_at: new Date(NOW.getTime() + 60_000).toISOString(),
      },
    ]);
    expect((await inject('GET', `/api/v2/group_orders/${g.id}/budget_changes`, creator.jwt)).json()).toEqual(
      seen.json(),
    );
    expect((await inject('GET', `/api/v2/group_orders/${g.uuid}/budget_changes`, other.jwt)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v2/group_orders/${g.uuid}/budget_changes`, null)).statusCode).toBe(401);
  });

  it('closes joining and choosing at the cut-off by the server clock in the chef zone; the member still sees their meal', async () => {
    const g = await startGroup(creator, { head_count: 3 });
    const ana = await join(g, 'Ana');
    expect((await choose(g, ana.token, cheap.id)).statusCode).toBe(200);
    await join(g, 'Ben');
    await join(g, 'Cy');
    const full = await inject('POST', `/api/v2/group/${g.share_token}/members`, null, {
      name: 'Dee',
      email: uniqueEmail('dee'),
    });
    expect(full.json().error).toBe(groupMessages.full(3));
    try {
      clock.set(new Date(CUTOFF.getTime() - 1000));
      expect((await choose(g, ana.token, cheap.id)).statusCode).toBe(200);
      clock.set(CUTOFF);
      const late = await choose(g, ana.token, cheap.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe(groupMessages.orderingClosed);
      expect(
        (
          await inject('DELETE', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
            'x-member-token': ana.token,
          })
        ).statusCode,
      ).toBe(409);
      const mine = await inject('GET', `/api/v2/group/${g.share_token}/choice`, null, undefined, {
        'x-member-token': ana.token,
      });
      expect(mine.json()).toMatchObject({
        ordering_open: false,
        closed_message: groupMessages.orderingClosed,
        choice: { menu_id: cheap.id },
      });
      expect((await inject('PUT', `/api/v2/group_orders/${g.uuid}`, creator.jwt, details())).statusCode).toBe(409);
      expect((await inject('DELETE', `/api/v2/group_orders/${g.uuid}`, creator.jwt)).statusCode).toBe(409);
    } finally {
      clock.set(NOW);
    }
  });

  it('shows the dashboard with picks, dietary needs and totals taxed at the chef rate (HST 13%)', async () => {
    const g = await startGroup();
    const ana = await join(g, 'Ana', 'Nut allergy');
    await join(g, 'Ben');
    await choose(g, ana.token, cheap.id);
    const res = await inject('GET', `/api/v2/group_orders/dashboard/${creator.id}`, creator.jwt);
    const entry = res.json().group_orders.find((x: GroupOrder) => x.uuid === g.uuid);
    expect(entry).toMatchObject({ joined_count: 2, chosen_count: 1, head_count: 5, status: 'accepting' });
    expect(
      entry.members.map((m: { name: string; dietary_needs: string; choice: { menu_id: number } | null }) => [
        m.name,
        m.dietary_needs,
        m.choice?.menu_id ?? null,
      ]),
    ).toEqual([
      ['Ana', 'Nut allergy', cheap.id],
      ['Ben', '', null],
    ]);
    const { subtotal_cents, delivery_fee_cents, tax_cents, tax_label, total_cents } = entry.totals;
    expect(subtotal_cents).toBe(cheap.price_cents);
    expect(tax_label).toBe(`${f.chef.tax_name} ${f.chef.tax_rate}%`);
    expect(tax_label).toBe('HST 13%');
    expect(tax_cents).toBe(Math.round(((subtotal_cents + delivery_fee_cents) * 13) / 100));
    expect(total_cents).toBe(subtotal_cents + delivery_fee_cents + tax_cents);

    // reminders go to the members who have not chosen only
    const sent = await inject('POST', `/api/v2/group_orders/${g.uuid}/reminders`, creator.jwt);
    expect(sent.json()).toEqual({ sent: 1 });
    const detail = await inject('GET', `/api/v2/group_orders/${g.uuid}/detail`, creator.jwt);
    expect(detail.json().group_order).toMatchObject({
      id: g.id,
      creator_id: creator.id,
      company_name: 'Northwind Consulting',
      display_delivery_address: '100 King St W, Toronto, ON, Suite 500',
      delivery_contact_person: 'Dana Morgan',
      delivery_phone_number: '416-555-0101',
      head_count: 5,
      delivery_instruction: 'Front desk',
      sub_total_cents: subtotal_cents,
      delivery_fee_cents,
      tax_total: tax_cents,
      tax_label: 'HST 13%',
      total_order_amount: total_cents,
      order_number: '',
      editable: true,
      admin_link: `http://groups.test/group-orders/${g.uuid}`,
    });
  });

  it('keeps the PO number and cost centre of the details, answers them and carries them onto the combined order', async () => {
    const buyer = await signedInUser(ctx.app, ctx.db);
    await saveCard(buyer);
    const g = await startGroup(buyer, { po_number: ' PO-GROUP-7 ', cost_centre: 'CC 42' });
    expect(g).toMatchObject({ po_number: 'PO-GROUP-7', cost_centre: 'CC 42' });
    // a details save that leaves them out keeps them; 65 characters is refused with the message
    expect(
      (await inject('PUT', `/api/v2/group_orders/${g.uuid}`, buyer.jwt, details({ head_count: 6 }))).json().group_order,
    ).toMatchObject({ head_count: 6, po_number: 'PO-GROUP-7' });
    const tooLong = await inject(
      'PUT',
      `/api/v2/group_orders/${g.uuid}`,
      buyer.jwt,
      details({ po_number: 'P'.repeat(65) }),
    );
    expect([tooLong.statusCode, tooLong.json().messages]).toEqual([422, ['PO number must be at most 64 characters.']]);
    expect((await inject('GET', `/api/v2/group_orders/${g.uuid}/detail`, buyer.jwt)).json().group_order).toMatchObject({
      po_number: 'PO-GROUP-7',
      cost_centre: 'CC 42',
    });
    const dashboard = (await inject('GET', `/api/v2/group_orders/dashboard/${buyer.id}`, buyer.jwt)).json()
      .group_orders;
    expect(dashboard.map((d: GroupOrder) => [d.uuid, d.po_number, d.cost_centre])).toEqual([
      [g.uuid, 'PO-GROUP-7', 'CC 42'],
    ]);
    await choose(g, (await join(g, 'Ana')).token, cheap.id);
    clock.set(CUTOFF);
    try {
      expect((await cutoff.run(g.uuid)).kind).toBe('ordered');
      const { rows } = await ctx.db.query(
        'SELECT id, po_number, cost_centre, onsite_contact_name FROM catering_orders WHERE group_order_uuid = $1',
        [g.uuid],
      );
      expect(rows).toEqual([
        { id: rows[0].id, po_number: 'PO-GROUP-7', cost_centre: 'CC 42', onsite_contact_name: '' },
      ]);
      const order = (await inject('GET', `/api/v2/catering_orders/${rows[0].id}`, buyer.jwt)).json().catering_order;
      expect(order).toMatchObject({ po_number: 'PO-GROUP-7', cost_centre: 'CC 42' });
    } finally {
      clock.set(NOW);
    }
  });

  it('the cut-off run twice at once (two runners) makes exactly one combined order, authorised and New', async () => {
    await saveCard(creator);
    const g = await startGroup();
    const ana = await join(g, 'Ana', 'Vegan');
    const ben = await join(g, 'Ben', 'Halal');
    await join(g, 'Cy'); // joined, never chose: no meal for Cy
    await choose(g, ana.token, cheap.id);
    await choose(g, ben.token, cheap.id);
    clock.set(CUTOFF);
    try {
      const runners = [1, 2].map(() =>
        createJobRunner({ db: ctx.db, clock, handlers: cutoff.jobHandlers(), log: quiet }),
      );
      const [a, b, c, d] = await Promise.all([
        runners[0]!.runDue(),
        runners[1]!.runDue(),
        cutoff.run(g.uuid),
        cutoff.run(g.uuid),
      ]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect([c.kind, d.kind].filter((k) => k === 'ordered').length).toBeLessThanOrEqual(1);
      const { rows } = await ctx.db.query('SELECT id FROM catering_orders WHERE group_order_uuid = $1', [g.uuid]);
      expect(rows).toHaveLength(1);
      const order = await orderRow(ctx.db, rows[0].id);
      expect(order).toMatchObject({
        status: 'New',
        payment_status: 'authorized',
        user_id: creator.id,
        serving_style: 'Individually Packaged',
      });
      expect(order.subtotal_cents).toBe(cheap.price_cents * 2);
      expect(order.authorized_cents).toBe(order.total_cents);
      const items = await ctx.db.query(
        'SELECT menu_id, quantity, serving_details FROM catering_order_items WHERE catering_order_id = $1 ORDER BY position',
        [order.id],
      );
      expect(
        items.rows.map((i) => [
          i.menu_id,
          i.quantity,
          i.serving_details[0].items[0].user_name,
          i.serving_details[0].items[0].dietary_type,
        ]),
      ).toEqual([
        [cheap.id, 1, 'Ana', 'Vegan'],
        [cheap.id, 1, 'Ben', 'Halal'],
      ]);
      expect(await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`)).toBeDefined();
      const group = (await inject('GET', `/api/v2/group_orders/${g.uuid}`, creator.jwt)).json().group_order;
      expect(group).toMatchObject({
        status: 'waiting_for_delivery',
        catering_order_id: order.id,
        order_number: order.order_number,
        ordering_open: false,
        editable: false,
        payment_required: false,
      });
      // the runners also closed this creator's earlier group orders: one summary for this one
      const summary = (await emailsTo(ctx.db, creator.email, 'group_order_summary')).filter((e) =>
        e.text_body.includes(order.order_number),
      );
      expect(summary).toHaveLength(1);
      expect(summary[0]!.text_body).toContain('Ana');
      expect(summary[0]!.text_body).toContain('Vegan');
      // one authorisation only, at the provider
      const intents = await ctx.db.query(
        "SELECT id FROM sandbox_payment_intents WHERE metadata->>'group_order_uuid' = $1",
        [g.uuid],
      );
      expect(intents.rows).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
  });

  it('a crash inside the cut-off transaction leaves no half-made order; the retry succeeds', async () => {
    const g = await startGroup();
    const ana = await join(g, 'Ana');
    await choose(g, ana.token, cheap.id);
    clock.set(CUTOFF);
    try {
      const crashing = createGroupCutoff({
        db: ctx.db,
        payments: ctx.deps.payments,
        mailer: ctx.deps.mailer,
        clock,
        geocoder: ctx.deps.geocoder,
        links: { siteUrl: 'http://groups.test' },
        publicUrl: 'http://test',
        log: quiet,
        afterOrderWritten: () => Promise.reject(new Error('power cut')),
      });
      await expect(crashing.run(g.uuid)).rejects.toThrow('power cut');
      expect(
        (
          await ctx.db.query('SELECT id FROM catering_orders WHERE group_order_uuid = $1 OR purchase_id = $2', [
            g.uuid,
            `group-order-${g.uuid}`,
          ])
        ).rows,
      ).toHaveLength(0);
      expect((await inject('GET', `/api/v2/group_orders/${g.uuid}`, creator.jwt)).json().group_order.status).toBe(
        'accepting',
      );
      const retried = await cutoff.run(g.uuid);
      expect(retried.kind).toBe('ordered');
      expect(
        (await ctx.db.query('SELECT id FROM catering_orders WHERE group_order_uuid = $1', [g.uuid])).rows,
      ).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
  });

  it('a crash after the authorisation: the retry replays the same authorisation instead of holding the money twice', async () => {
    const g = await startGroup();
    const ana = await join(g, 'Ana');
    await choose(g, ana.token, cheap.id);
    clock.set(CUTOFF);
    try {
      const crashing = createGroupCutoff({
        db: ctx.db,
        payments: ctx.deps.payments,
        mailer: ctx.deps.mailer,
        clock,
        geocoder: ctx.deps.geocoder,
        links: { siteUrl: 'http://groups.test' },
        publicUrl: 'http://test',
        log: quiet,
        afterAuthorised: () => Promise.reject(new Error('crash after authorising')),
      });
      await expect(crashing.run(g.uuid)).rejects.toThrow('crash after authorising');
      expect(
        (await ctx.db.query('SELECT id FROM catering_orders WHERE group_order_uuid = $1', [g.uuid])).rows,
      ).toHaveLength(0);
      const outcome = await cutoff.run(g.uuid);
      expect(outcome).toMatchObject({ kind: 'ordered', paid: true });
      const intents = await ctx.db.query(
        "SELECT id FROM sandbox_payment_intents WHERE metadata->>'group_order_uuid' = $1",
        [g.uuid],
      );
      expect(intents.rows).toHaveLength(1);
      const order = await orderRow(ctx.db, (outcome as { orderId: number }).orderId);
      expect(order.payment_intent_id).toBe(intents.rows[0].id);
    } finally {
      clock.set(NOW);
    }
  });

  it('a group order nobody chose in is cancelled at the cut-off and the creator is told', async () => {
    const lonely = await signedInUser(ctx.app, ctx.db);
    const g = await startGroup(lonely);
    await join(g, 'Ana'); // joined without choosing
    clock.set(CUTOFF);
    try {
      expect((await cutoff.run(g.uuid)).kind).toBe('canceled');
      expect((await cutoff.run(g.uuid)).kind).toBe('skipped');
      expect((await inject('GET', `/api/v2/group_orders/${g.uuid}`, lonely.jwt)).json().group_order.status).toBe(
        'canceled',
      );
      expect(await emailsTo(ctx.db, lonely.email, 'group_order_cancelled_empty')).toHaveLength(1);
      expect(
        (await ctx.db.query('SELECT id FROM catering_orders WHERE group_order_uuid = $1', [g.uuid])).rows,
      ).toHaveLength(0);
    } finally {
      clock.set(NOW);
    }
  });

  it('at the cut-off a full slot leaves the combined order unplaced with the capacity refusal, and Pay is refused while it stays full', async () => {
    const buyer = await signedInUser(ctx.app, ctx.db);
    await saveCard(buyer);
    const g = await startGroup(buyer);
    await choose(g, (await join(g, 'Ana')).token, cheap.id);
    const { rows } = await ctx.db.query<{ delivery_at: Date }>('SELECT delivery_at FROM group_orders WHERE uuid = $1', [
      g.uuid,
    ]);
    // another order holds a place that day
    const held = await insertPlacedOrder(ctx.db, {
      userId: other.id,
      chefIds: [f.chef.id],
      presetId: f.presetId,
      deliveryAt: rows[0]!.delivery_at.toISOString(),
      totalCents: 5000,
    });
    // the day is full: the limit is what that day already holds (earlier tests' orders and this one)
    const { rows: day } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catering_orders
        WHERE $1 = ANY (array_append(chef_ids, chef_id)) AND status NOT IN ('draft', 'declined', 'Canceled')
          AND (delivery_at AT TIME ZONE 'America/Toronto')::date = (($2::timestamptz) AT TIME ZONE 'America/Toronto')::date`,
      [f.chef.id, rows[0]!.delivery_at],
    );
    await ctx.db.query(
      `INSERT INTO restaurant_capacity (chef_id, unit, per_day, per_window, window_minutes) VALUES ($1, 'orders', $2, NULL, 60)
       ON CONFLICT (chef_id) DO UPDATE SET unit = 'orders', per_day = $2, per_window = NULL`,
      [f.chef.id, day[0]!.n],
    );
    clock.set(CUTOFF);
    try {
      const outcome = await cutoff.run(g.uuid);
      expect(outcome).toMatchObject({ kind: 'ordered', paid: false });
      expect(outcome.kind === 'ordered' && outcome.paymentError).toContain('is fully booked for');
      const group = (await inject('GET', `/api/v2/group_orders/${g.uuid}`, buyer.jwt)).json().group_order;
      expect(group).toMatchObject({ status: 'waiting_for_delivery', payment_required: true });
      expect(await orderRow(ctx.db, group.catering_order_id)).toMatchObject({
        status: 'draft',
        payment_status: 'failed',
      });
      const pay = await inject('POST', `/api/v2/group_orders/${g.uuid}/payment`, buyer.jwt, {});
      expect(pay.statusCode).toBe(409);
      expect(pay.json().error).toContain('is fully booked for');
      // the other order is cancelled: the day has room again and Pay places the combined order
      await ctx.db.query(`UPDATE catering_orders SET status = 'Canceled' WHERE id = $1`, [held]);
      const paid = await inject('POST', `/api/v2/group_orders/${g.uuid}/payment`, buyer.jwt, {});
      expect(paid.statusCode, paid.body).toBeLessThan(300);
    } finally {
      clock.set(NOW);
      await ctx.db.query('DELETE FROM restaurant_capacity WHERE chef_id = $1', [f.chef.id]);
    }
  });

  it('without a saved payment method the combined order waits unplaced; the creator is told and pays from the dashboard', async () => {
    const noCard = await signedInUser(ctx.app, ctx.db);
    const g = await startGroup(noCard);
    const ana = await join(g, 'Ana');
    await choose(g, ana.token, cheap.id);
    clock.set(CUTOFF);
    try {
      const outcome = await cutoff.run(g.uuid);
      expect(outcome).toMatchObject({ kind: 'ordered', paid: false, paymentError: cutoffMessages.noMethod });
      const group = (await inject('GET', `/api/v2/group_orders/${g.uuid}`, noCard.jwt)).json().group_order;
      expect(group).toMatchObject({
        status: 'waiting_for_delivery',
        payment_required: true,
        payment_error: cutoffMessages.noMethod,
        status_label: 'Payment needed',
      });
      const order = await orderRow(ctx.db, group.catering_order_id);
      expect(order).toMatchObject({ status: 'draft', payment_status: 'failed' });
      expect(await emailsTo(ctx.db, noCard.email, 'group_order_payment_needed')).toHaveLength(1);
      // staff do not see an unplaced order
      const ops = await inject('GET', `/api/v2/ops/orders/${order.id}`, staff.jwt);
      expect(ops.statusCode).toBe(404);

      // a declined card is refused with the provider's message, then a good one places it
      const declined = await saveCard(noCard, cards.declined);
      const refused = await inject('POST', `/api/v2/group_orders/${g.uuid}/payment`, noCard.jwt, {
        payment_method_id: declined,
      });
      expect(refused.statusCode).toBe(402);
      const good = await saveCard(noCard);
      const paid = await inject('POST', `/api/v2/group_orders/${g.uuid}/payment`, noCard.jwt, {
        payment_method_id: good,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().group_order).toMatchObject({ payment_required: false, status: 'waiting_for_delivery' });
      expect((await orderRow(ctx.db, order.id)).status).toBe('New');
      expect((await inject('POST', `/api/v2/group_orders/${g.uuid}/payment`, noCard.jwt, {})).statusCode).toBe(409);
    } finally {
      clock.set(NOW);
    }
  });

  it('a declined default card leaves the combined order unplaced with the decline message', async () => {
    const declinedUser = await signedInUser(ctx.app, ctx.db);
    await saveCard(declinedUser, cards.declined);
    const g = await startGroup(declinedUser);
    const ana = await join(g, 'Ana');
    await choose(g, ana.token, cheap.id);
    clock.set(CUTOFF);
    try {
      const outcome = await cutoff.run(g.uuid);
      expect(outcome).toMatchObject({ kind: 'ordered', paid: false });
      const group = (await inject('GET', `/api/v2/group_orders/${g.uuid}`, declinedUser.jwt)).json().group_order;
      expect(group.payment_required).toBe(true);
      expect(group.payment_error).toMatch(/declined/i);
    } finally {
      clock.set(NOW);
    }
  });

  it('staff accept and deliver the combined order in the operations console; the group status and My Orders follow', async () => {
    const buyer = await signedInUser(ctx.app, ctx.db);
    await saveCard(buyer);
    const g = await startGroup(buyer);
    const ana = await join(g, 'Ana');
    await choose(g, ana.token, cheap.id);
    clock.set(CUTOFF);
    try {
      await cutoff.run(g.uuid);
      const orderId = (await inject('GET', `/api/v2/group_orders/${g.uuid}`, buyer.jwt)).json().group_order
        .catering_order_id as number;
      const status = async () =>
        (await inject('GET', `/api/v2/group_orders/${g.uuid}`, buyer.jwt)).json().group_order.status;
      let history = (await inject('GET', '/api/v2/order_history', buyer.jwt)).json();
      // listed once, as the group order (its combined catering order is not listed again)
      expect(history.upcoming).toHaveLength(1);
      expect(history.upcoming[0]).toMatchObject({
        id: g.id,
        order_type: 'Group Order',
        status: 'waiting_for_delivery',
        editable: false,
        invoice_available: false,
      });
      for (const [event, expected] of [
        ['accept', 'waiting_for_delivery'],
        ['mark_delivery_ready', 'delivery_ready'],
        ['mark_delivered', 'delivered'],
      ] as const) {
        const res = await inject('POST', `/api/v2/ops/orders/${orderId}/events`, staff.jwt, { event });
        expect(res.statusCode, res.body).toBe(200);
        expect(await status()).toBe(expected);
      }
      history = (await inject('GET', '/api/v2/order_history', buyer.jwt)).json();
      const entry = [...history.upcoming, ...history.past].find(
        (e: { order_type: string }) => e.order_type === 'Group Order',
      );
      expect(entry).toMatchObject({ status: 'delivered', invoice_available: true });
      const detail = (await inject('GET', `/api/v2/group_orders/${g.id}/detail`, buyer.jwt)).json().group_order;
      expect(detail).toMatchObject({ status: 'delivered', invoice_available: true, editable: false });
      expect(detail.order_number).toMatch(/^CW-/);
    } finally {
      clock.set(NOW);
    }
  });

  it('cancel by the creator while accepting tells the members; the queued cut-off then does nothing', async () => {
    const g = await startGroup();
    const ana = await join(g, 'Ana');
    const res = await inject('DELETE', `/api/v2/group_orders/${g.uuid}`, creator.jwt);
    expect(res.json().group_order.status).toBe('canceled');
    expect(await emailsTo(ctx.db, ana.email, 'group_order_cancelled')).toHaveLength(1);
    expect((await inject('DELETE', `/api/v2/group_orders/${g.uuid}`, creator.jwt)).statusCode).toBe(409);
    expect((await choose(g, ana.token, cheap.id)).statusCode).toBe(409);
    clock.set(CUTOFF);
    try {
      expect((await cutoff.run(g.uuid)).kind).toBe('skipped');
    } finally {
      clock.set(NOW);
    }
  });
});
