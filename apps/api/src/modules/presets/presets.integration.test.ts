import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import type { PreparedJson } from '../../lib/serialised-json.js';
import { createPresetsRepository } from './presets.repository.js';
import { createPresetsService } from './presets.service.js';

/** a detail answer's text, kept bytes or not */
const text = (answer: string | PreparedJson) => (typeof answer === 'string' ? answer : answer.body.toString('utf8'));
const decoded = (res: LightMyRequestResponse) =>
  ({ br: () => zlib.brotliDecompressSync(res.rawPayload), gzip: () => zlib.gunzipSync(res.rawPayload) })
    [String(res.headers['content-encoding']) as 'br' | 'gzip']?.()
    .toString('utf8') ?? res.body;
const without = (headers: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));

const NOW = new Date('2026-11-22T15:00:00Z');
const TORONTO = { lat: 43.6487, lng: -79.3817 };
const quiet = { info() {}, warn() {} };

describe('preset endpoints on the demo catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  describe('GET /api/v2/presets (home lists)', () => {
    it('answers trending restaurants and exactly the three home groups, in order', async () => {
      const res = await get('/api/v2/presets');
      expect(res.statusCode).toBe(200);
      const { presets } = res.json();
      expect(presets.all_presets.map(([name]: [string]) => name)).toEqual([
        'Healthy Lunch',
        'Corporate Breakfast',
        'Sandwich/Wrap & Salad Lunches',
      ]);
      for (const [name, list] of presets.all_presets as [
        string,
        { category_names: string[]; order_count: number; preset_type: string }[],
      ][]) {
        expect(list.length).toBeGreaterThan(0);
        expect(list.length).toBeLessThanOrEqual(12);
        expect(list.every((p) => p.category_names.includes(name) && p.preset_type === 'catering')).toBe(true);
        const counts = list.map((p) => p.order_count);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }
      const trending = presets.trending_restaurants as { order_count: number; distance: number | null }[];
      expect(trending).toHaveLength(12);
      const counts = trending.map((r) => r.order_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const { rows } = await ctx.db.query<{ max: number }>(
        `SELECT max(order_count) AS max FROM presets WHERE preset_type = 'restaurant'`,
      );
      expect(counts[0]).toBe(rows[0]!.max);
    });

    it('keeps the lists near the delivery address', async () => {
      const res = await get(`/api/v2/presets?lat=${TORONTO.lat}&lng=${TORONTO.lng}`);
      expect(res.statusCode).toBe(200);
      const { presets } = res.json();
      expect(presets.trending_restaurants.length).toBeGreaterThan(0);
      expect(
        presets.trending_restaurants.every((r: { distance: number }) => r.distance !== null && r.distance <= 50),
      ).toBe(true);
      for (const [, list] of presets.all_presets as [string, { distance: number }[]][]) {
        expect(list.every((p) => p.distance <= 50)).toBe(true);
      }
    });

    it('walks to the same lists as the radius query, or leaves a list it cannot fill to it', async () => {
      const repo = createPresetsRepository(ctx.db);
      const lists = [
        { presetType: 'restaurant' as const },
        { presetType: 'catering' as const, group: 'Healthy Lunch' },
        { presetType: 'catering' as const, group: 'Corporate Breakfast' },
        { presetType: 'catering' as const, group: 'Sandwich/Wrap & Salad Lunches' },
      ];
      let walked = 0;
      // a city centre, its edge, and a point between cities (the walk runs out there)
      for (const near of [
        { latitude: TORONTO.lat, longitude: TORONTO.lng },
        { latitude: 43.9, longitude: -79.0 },
        { latitude: 44.8, longitude: -77.5 },
      ]) {
        for (const limit of [1, 5, 12]) {
          const walks = await repo.walkPopularNear(near, lists, { limit });
          for (const [i, list] of lists.entries()) {
            const radius = await repo.findPopularIds({ ...list, near, limit });
            if (walks[i]) {
              walked++;
              expect(walks[i], `${JSON.stringify(near)} ${list.group ?? 'restaurants'} limit ${limit}`).toEqual(radius);
            } else {
              // the demo catalogue is shorter than POPULAR_WALK: the walk runs out only when the matches do
              expect(
                radius.length,
                `${JSON.stringify(near)} ${list.group ?? 'restaurants'} limit ${limit}`,
              ).toBeLessThan(limit);
            }
          }
        }
      }
      expect(walked).toBeGreaterThanOrEqual(12);
    });
  });

  describe('GET /api/v2/presets/{id or slug}', () => {
    it('answers a restaurant preset with its chef, menus grouped by category and the cart', async () => {
      const byId = await get('/api/v2/presets/1');
      expect(byId.statusCode).toBe(200);
      const { preset } = byId.json();
      expect(preset).toMatchObject({ id: 1, preset_type: 'restaurant', favorite: false, delivery_price_cents: 0 });
      expect(preset.shared_url).toMatch(new RegExp(`/preset-detail/${preset.slug}$`));
      const chef = preset.chefs[0];
      const { rows } = await ctx.db.query(
        `SELECT c.*, (SELECT count(*)::int FROM menus m WHERE m.chef_id = c.id AND NOT m.is_deleted) AS live_menus
           FROM chefs c JOIN preset_chefs pc ON pc.chef_id = c.id WHERE pc.preset_id = 1`,
      );
      const row = rows[0];
      expect(chef).toMatchObject({
        id: row.id,
        slug: row.slug,
        state: row.province,
        time_zone: row.time_zone,
        pre_order_notice_hour: row.pre_order_notice_hours,
      });
      expect(chef.menus).toHaveLength(row.live_menus);
      expect(chef.menus.every((m: { is_deleted: boolean }) => !m.is_deleted)).toBe(true);
      // grouped: each category's menus are contiguous and in menu_category_names order
      const order = chef.menus.map((m: { category_name: string }) => m.category_name);
      expect([...new Set(order)]).toEqual(chef.menu_category_names);
      expect(typeof chef.menus[0].dietary_types).toBe('string');
      expect(chef.menus.some((m: { menu_items: unknown[] }) => m.menu_items.length > 0)).toBe(true);
      // the preset's view of its first chef
      expect(preset.store_hours).toEqual(row.store_hours);
      expect(preset.delivery_fee_data.ranges).toEqual(row.delivery_fee_ranges);
      // no delivery address: the taxes of the restaurant's place (preset 1 is a Toronto restaurant)
      expect(row.province).toBe('ON');
      expect(preset.tax_rate).toBe(13);
      expect(preset.tax_name).toBe('HST');
      expect(preset.tax_lines).toEqual([{ name: 'HST', rate_percent: 13, jurisdiction: null, only_on: null }]);
      expect(preset.preset_location).toEqual({ time_zone: row.time_zone, city_time_zone_name: expect.any(String) });
      expect(preset.address1).toBe(row.address1);
      // the cart: total = sum of quantity x line price
      const total = preset.preset_items.reduce(
        (s: number, i: { quantity: number; price_cents: number }) => s + i.quantity * i.price_cents,
        0,
      );
      expect(preset.preset_items.length).toBeGreaterThan(0);
      expect(preset.total_price_cents).toBe(total);
      expect(preset.price_cents).toBe(total);

      const bySlug = await get(`/api/v2/presets/${preset.slug}`);
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json().preset.id).toBe(1);
      const byChefSlug = await get(`/api/v2/presets/${chef.slug}`);
      expect(byChefSlug.json().preset.id).toBe(1);
    });

    it('takes the largest notice of a multi-chef preset', async () => {
      const { rows } = await ctx.db.query<{ id: number; notice: number }>(
        `SELECT pc.preset_id AS id, max(c.pre_order_notice_hours) AS notice FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
          GROUP BY pc.preset_id HAVING count(*) > 1 AND min(c.pre_order_notice_hours) <> max(c.pre_order_notice_hours) LIMIT 1`,
      );
      const fallback = await ctx.db.query<{ id: number; notice: number }>(
        `SELECT pc.preset_id AS id, max(c.pre_order_notice_hours) AS notice FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id
          GROUP BY pc.preset_id HAVING count(*) > 1 LIMIT 1`,
      );
      const target = rows[0] ?? fallback.rows[0]!;
      const res = await get(`/api/v2/presets/${target.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().preset.pre_order_notice_hour).toBe(target.notice);
      expect(res.json().preset.chefs.length).toBeGreaterThan(1);
    });

    it('computes availability for the delivery context', async () => {
      const res = await get(
        `/api/v2/presets/1?lat=${TORONTO.lat}&lng=${TORONTO.lng}&delivery_date=2026-11-22&delivery_time=11:00%20AM`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().preset.available_for_ordering).toBe(false);
      expect(res.json().preset.distance).not.toBeNull();
      const none = await get('/api/v2/presets/1');
      expect(none.json().preset.available_for_ordering).toBeNull();
    });

    it('answers from the detail cache exactly what the database path answers, for every kind of visitor', async () => {
      const repo = createPresetsRepository(ctx.db);
      const deps = {
        presetsRepository: repo,
        cardCache: { cardsByIds: (ids: readonly number[]) => repo.cardsByIds(ids) },
        geocoder: ctx.deps.geocoder,
        clock: ctx.deps.clock,
        publicUrl: ctx.deps.config.publicUrl,
        favoriteIdsOf: () => Promise.resolve([1, 2]),
        capacity: { fullAmong: () => Promise.resolve(new Map<number, Date | null>()) },
      };
      const cached = createPresetsService(deps);
      const fresh = createPresetsService({ ...deps, detailCache: false });
      const { rows } = await ctx.db.query<{ slug: string }>(
        'SELECT c.slug FROM chefs c JOIN preset_chefs pc ON pc.chef_id = c.id WHERE pc.preset_id = 1',
      );
      const visitors: [Parameters<typeof cached.detailJson>[1], number | undefined][] = [
        [{}, undefined],
        [{ lat: TORONTO.lat, lng: TORONTO.lng }, undefined],
        [{ lat: TORONTO.lat, lng: TORONTO.lng, delivery_date: '2026-11-24', delivery_time: '12:00 PM' }, 7],
        [{ delivery_date: '2026-11-22' }, 7],
      ];
      for (const key of ['1', '2', rows[0]!.slug]) {
        for (const [query, viewer] of visitors) {
          const expected = text(await fresh.detailJson(key, query, viewer));
          expect(text(await cached.detailJson(key, query, viewer))).toBe(expected);
          expect(text(await cached.detailJson(key, query, viewer))).toBe(expected); // and again, from memory
        }
      }
      // the visitor's fields do change between visitors
      const far = JSON.parse(text(await cached.detailJson('2', { lat: 45.5, lng: -73.6 }, 7))).preset;
      const near = JSON.parse(
        text(await cached.detailJson('2', { lat: TORONTO.lat, lng: TORONTO.lng }, undefined)),
      ).preset;
      expect([far.favorite, near.favorite]).toEqual([true, false]);
      expect(far.distance).not.toBe(near.distance);
      // and the route sends the same text, as JSON
      const res = await get('/api/v2/presets/2?lat=45.5&lng=-73.6');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(text(await fresh.detailJson('2', { lat: 45.5, lng: -73.6 }, undefined)));
      // a visitor with no address, date or favourites gets the kept bytes, the same object each time
      const neutral = await cached.detailJson('2', {}, undefined);
      expect(typeof neutral).toBe('object');
      expect(await cached.detailJson('2', {}, undefined)).toBe(neutral);
      const noFavourites = createPresetsService({ ...deps, favoriteIdsOf: () => Promise.resolve([]) });
      const signedIn = await noFavourites.detailJson('2', { address: '' }, 8);
      expect(typeof signedIn).toBe('object'); // signed in with no favourite: the neutral answer too
      expect(text(signedIn)).toBe(text(neutral));
      expect(text(neutral)).toBe(text(await fresh.detailJson('2', {}, undefined)));
    });

    it('sends the neutral answer with an ETag, 304 on If-None-Match, otherwise the headers of an answer written per visitor', async () => {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }] as Record<
        string,
        string
      >[]) {
        const neutral = await get('/api/v2/presets/2', headers);
        const perVisitor = await get('/api/v2/presets/2?lat=45.5&lng=-73.6', headers);
        expect(neutral.statusCode).toBe(200);
        expect(neutral.headers.etag).toMatch(/^W\/"/);
        expect(perVisitor.headers.etag).toBeUndefined();
        // deliberately different: the ETag, and the length of the kept bytes where compress streams a
        // large compressed answer in chunks (above its synchronous threshold, which depends on the cores)
        const drop = ['etag', 'content-length', 'transfer-encoding', 'date', 'x-request-id'];
        expect(without(neutral.headers, drop)).toEqual(without(perVisitor.headers, drop));
        expect(Number(neutral.headers['content-length'])).toBe(neutral.rawPayload.length);
        expect(JSON.parse(decoded(neutral)).preset.id).toBe(2);
        const again = await get('/api/v2/presets/2', { ...headers, 'if-none-match': String(neutral.headers.etag) });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(neutral.headers.etag);
        expect(again.headers['content-type']).toBeUndefined();
        // the same security headers on a 304
        expect(again.headers['content-security-policy']).toBe(neutral.headers['content-security-policy']);
        // an ETag names the neutral answer only: a visitor with an address gets the full answer
        expect(
          (
            await get('/api/v2/presets/2?lat=45.5&lng=-73.6', {
              ...headers,
              'if-none-match': String(neutral.headers.etag),
            })
          ).statusCode,
        ).toBe(200);
      }
      const vars = await get('/api/v2/system_vars');
      expect(vars.headers.etag).toMatch(/^W\/"/);
      expect(vars.headers['cache-control']).toBe('public, max-age=300');
      expect((await get('/api/v2/system_vars', { 'if-none-match': String(vars.headers.etag) })).statusCode).toBe(304);
    });

    it('sends the kept text whole over HTTP, compressed or not (the route returns its reply)', async () => {
      const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      for (const url of ['/api/v2/presets/2', '/api/v2/system_vars']) {
        for (const encoding of ['identity', 'gzip', 'br']) {
          for (let i = 0; i < 3; i++) {
            const res = await fetch(`${address}${url}`, { headers: { 'accept-encoding': encoding } });
            expect(res.status).toBe(200);
            expect(Object.keys((await res.json()) as object).length).toBeGreaterThan(0);
          }
        }
      }
    });

    it('answers 404 for unknown ids and slugs', async () => {
      for (const key of ['999999', 'no-such-preset', '0']) {
        const res = await get(`/api/v2/presets/${key}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Preset not found' });
      }
    });

    it('shows a saved-for-later preset to its owner only', async () => {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/user_token',
        payload: { auth: { email: 'demo@caterway.ca', password: 'Lunch4Forty' } },
      });
      const { jwt, user } = signIn.json<{ jwt: string; user: { id: number } }>();
      const { rows } = await ctx.db.query<{ id: number }>(
        `INSERT INTO presets (slug, name, preset_type, base_preset_id, owner_user_id) VALUES ('team-friday', 'Team Friday', 'save_for_later', 2, $1) RETURNING id`,
        [user.id],
      );
      await ctx.db.query(
        'INSERT INTO preset_chefs (preset_id, chef_id, position) SELECT $1, chef_id, position FROM preset_chefs WHERE preset_id = 2',
        [rows[0]!.id],
      );
      const id = rows[0]!.id;
      expect((await get(`/api/v2/presets/${id}`)).statusCode).toBe(404);
      expect((await get('/api/v2/presets/team-friday')).statusCode).toBe(404);
      const own = await get(`/api/v2/presets/${id}`, { authorization: `Bearer ${jwt}` });
      expect(own.statusCode).toBe(200);
      expect(own.json().preset).toMatchObject({ id, preset_type: 'save_for_later', base_preset_id: 2 });
      expect(own.json().preset.owned_by_viewer).toBe(true);
      // a row written without a token (as carts saved before migration 031) has one, and its link opens
      const token = (await ctx.db.query<{ share_token: string }>('SELECT share_token FROM presets WHERE id = $1', [id]))
        .rows[0]!.share_token;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(own.json().preset.shared_url).toMatch(new RegExp(`/preset-detail/team-friday\\?share_token=${token}$`));
      const shared = await get(`/api/v2/presets/team-friday?share_token=${token}`);
      expect([shared.statusCode, shared.json().preset.owned_by_viewer]).toEqual([200, false]);
      // a stale token is told so (the client signs out on 401)
      expect((await get(`/api/v2/presets/${id}`, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    });

    it('refuses an impossible delivery date', async () => {
      const res = await get('/api/v2/presets/1?delivery_date=2026-13-01');
      expect(res.statusCode).toBe(422);
      expect(res.json().messages).toEqual(['Please select valid date.']);
    });
  });
});
