import type { APIRequestContext } from '@playwright/test';
import type { GroupOrder, PublicGroupOrderResponse } from '@caterway/contracts';
import { expect, test, uniqueEmail } from './fixtures';
import { e2eDb } from './order-setup';

// The group-order API on the real server (issue 6): the composition root's controllable clock
// (E2E_CONTROLLABLE_CLOCK in scripts/e2e-server.mjs) is the one the in-process job runner reads,
// so moving it past a cut-off makes the runner close ordering and place the combined order.
// The cut-off is set a few minutes ahead (delivery at noon on the first day the restaurant's
// notice allows, the gap days bringing the cut-off to today at now + 3 minutes in the chef's zone) so the shared server's clock moves by minutes, not days, and the
// journeys after this one are not disturbed. The creator is the staff demo account so the
// demo customer's My Orders stays as the other journeys expect it.

const TORONTO = 'America/Toronto';

function zoned(instant: Date, timeZone: string): { date: string; seconds: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

const daysAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signIn(request: APIRequestContext, email: string, password: string): Promise<Record<string, string>> {
  const res = await request.post('/user_token', { data: { auth: { email, password } } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { jwt: string }).jwt}` };
}

test('a group order closes at its cut-off when the server clock passes it, and the combined order is placed', async ({
  request,
}) => {
  const auth = await signIn(request, 'ops@caterway.ca', 'Kitchen4Ops');
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{
      preset_id: number;
      latitude: number;
      longitude: number;
      time_zone: string;
      notice_hours: number;
    }>(
      `SELECT p.id::int AS preset_id, c.latitude, c.longitude, c.time_zone, c.pre_order_notice_hours::int AS notice_hours FROM presets p
         JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
        WHERE p.preset_type = 'restaurant' AND p.is_active AND c.time_zone = $1
          AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
          AND EXISTS (SELECT 1 FROM menus m WHERE m.chef_id = c.id AND NOT m.is_deleted AND m.menu_type = 'single' AND m.category_name <> 'Drinks' AND m.price_cents > 0)
        ORDER BY p.id LIMIT 20`,
      [TORONTO],
    );
    // group orders keep the restaurant's store hours and notice (issue 15): noon on the first day
    // the notice allows, the gap days bringing the cut-off back to today; a restaurant closed
    // then (422) gives way to the next one
    let uuid = '';
    let group: GroupOrder | undefined;
    for (const target of rows) {
      const created = await request.post('/api/v2/group_orders', {
        headers: auth,
        data: { preset_id: target.preset_id, delivery_params: {} },
      });
      expect(created.status(), await created.text()).toBe(201);
      uuid = ((await created.json()) as { uuid: string }).uuid;

      // the cut-off a few minutes from the server's now, on a whole minute
      const serverNow = new Date(
        (
          (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as {
            group_order: GroupOrder;
          }
        ).group_order.server_now,
      );
      const local = zoned(new Date(serverNow.getTime() + 180_000), target.time_zone);
      const cutoffSeconds = Math.min(local.seconds - (local.seconds % 60) + 60, 86_340);
      const days = Math.max(1, Math.ceil((target.notice_hours + 13) / 24));
      const put = await request.put(`/api/v2/group_orders/${uuid}`, {
        headers: auth,
        data: {
          name: 'Journey lunch',
          head_count: 4,
          budget_cents: 100_000,
          gap_days: days,
          cutoff_time: cutoffSeconds,
          delivery_date: daysAfter(local.date, days),
          delivery_time: 12 * 3600,
          delivery_address: '100 King St W, Toronto, ON',
          latitude: target.latitude + 0.005,
          longitude: target.longitude,
          delivery_contact_person: 'Olive Ops',
          delivery_phone_number: '416-555-0199',
          open_ordering: true,
        },
      });
      if (put.status() !== 200) continue;
      group = ((await put.json()) as { group_order: GroupOrder }).group_order;
      break;
    }
    if (!group) throw new Error('no one-chef Toronto restaurant open at noon on the first day its notice allows');
    expect(group.status).toBe('accepting');

    const page = (await (await request.get(`/api/v2/group/${group.share_token}`)).json()) as PublicGroupOrderResponse;
    const meal = page.menus[0]!;
    for (const name of ['Ana', 'Ben']) {
      const joined = await request.post(`/api/v2/group/${group.share_token}/members`, {
        data: { name, email: uniqueEmail(name.toLowerCase()), dietary_needs: name === 'Ana' ? 'Vegan' : '' },
      });
      expect(joined.status()).toBe(201);
      const { member_token } = (await joined.json()) as { member_token: string };
      const chosen = await request.put(`/api/v2/group/${group.share_token}/choice`, {
        headers: { 'x-member-token': member_token },
        data: { menu_id: meal.id },
      });
      expect(chosen.status()).toBe(200);
    }

    const advance = Math.ceil((Date.parse(group.cutoff_at!) - Date.parse(group.server_now)) / 1000) + 2;
    const moved = await request.post('/api/v2/test/clock', { data: { advance_seconds: advance } });
    expect(moved.status()).toBe(200);
    expect(Date.parse(((await moved.json()) as { now: string }).now)).toBeGreaterThan(Date.parse(group.cutoff_at!));

    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as {
              group_order: GroupOrder;
            }
          ).group_order.status,
        { timeout: 15_000 },
      )
      .toBe('waiting_for_delivery');
    const closed = (
      (await (await request.get(`/api/v2/group/${group.share_token}`)).json()) as PublicGroupOrderResponse
    ).group_order;
    expect(closed.ordering_open).toBe(false);
    const lines = await db.query<{ serving_details: { items: { user_name: string; dietary_type: string }[] }[] }>(
      'SELECT i.serving_details FROM catering_order_items i JOIN catering_orders o ON o.id = i.catering_order_id WHERE o.group_order_uuid = $1 ORDER BY i.position',
      [uuid],
    );
    expect(lines.rows.map((r) => r.serving_details[0]!.items[0]!.user_name)).toEqual(['Ana', 'Ben']);
  } finally {
    await db.end();
  }
});
