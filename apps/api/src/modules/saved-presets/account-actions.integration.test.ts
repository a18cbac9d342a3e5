// Favourites, Save Cart, group orders and the suggestion bot (ordering-payments §4, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, linkIn, signedInUser, uniqueEmail } from '../auth/auth.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };

describe('account actions on a preset', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let user: { jwt: string; email: string; id: number };
  let other: { jwt: string };

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    user = await signedInUser(ctx.app, ctx.db);
    other = await signedInUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown, token: string | null = user.jwt) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const cart = () =>
    f.lines.map((l) => ({
      id: l.id,
      menu_id: l.menu_id,
      quantity: l.quantity + 2,
      menu_items_mapping: l.menu_items_mapping,
    }));

  describe('favorites', () => {
    it('adds and removes, idempotently', async () => {
      const add = await call('POST', '/api/v2/favorites', { preset_id: f.presetId });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toEqual({ favorite: true });
      expect((await call('POST', '/api/v2/favorites', { preset_id: f.presetId })).json()).toEqual({ favorite: true });
      const count = async () =>
        Number((await ctx.db.query('SELECT count(*) FROM favorites WHERE user_id = $1', [user.id])).rows[0].count);
      expect(await count()).toBe(1);
      const remove = await call('DELETE', '/api/v2/favorites/remove', { preset_id: f.presetId });
      expect(remove.json()).toEqual({ favorite: false });
      expect(await count()).toBe(0);
      expect((await call('DELETE', '/api/v2/favorites/remove', { preset_id: f.presetId })).statusCode).toBe(200);
    });

    it('refuses visitors and unknown presets', async () => {
      expect((await call('POST', '/api/v2/favorites', { preset_id: f.presetId }, null)).statusCode).toBe(401);
      const unknown = await call('POST', '/api/v2/favorites', { preset_id: 99_999_999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: messages.presetNotFound });
    });
  });

  describe('saved presets (Save Cart)', () => {
    it('saves the cart, emails the shared URL, and the owner alone can open and delete it', async () => {
      const res = await call('POST', '/api/v2/presets', {
        preset: {
          preset_type: 'save_for_later',
          base_preset_id: f.presetId,
          name: 'Team Lunch Friday!',
          preset_items: cart(),
        },
      });
      expect(res.statusCode).toBe(201);
      const saved = res.json().preset;
      expect(saved.slug).toMatch(/^team-lunch-friday-[0-9a-f]{8}$/);
      const shareToken = new URL(saved.shared_url).searchParams.get('share_token')!;
      expect(saved.shared_url).toBe(
        `${ctx.deps.config.publicUrl}/preset-detail/${saved.slug}?share_token=${shareToken}`,
      );
      expect(shareToken).toMatch(/^[0-9a-f]{64}$/);

      const [mail] = await emailsTo(ctx.db, user.email, 'preset_saved');
      expect(linkIn(mail!.text_body, ctx.deps.config.publicUrl)).toBe(saved.shared_url);

      const { rows } = await ctx.db.query(
        'SELECT menu_id, quantity FROM preset_items WHERE preset_id = $1 ORDER BY position',
        [saved.id],
      );
      expect(rows).toEqual(cart().map((l) => ({ menu_id: l.menu_id, quantity: l.quantity })));
      const detail = await call('GET', `/api/v2/presets/${saved.slug}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().preset).toMatchObject({
        preset_type: 'save_for_later',
        owned_by_viewer: true,
        shared_url: saved.shared_url,
      });
      expect((await call('GET', `/api/v2/presets/${saved.slug}`, undefined, other.jwt)).statusCode).toBe(404);

      expect((await call('DELETE', `/api/v2/presets/${saved.id}`, undefined, other.jwt)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v2/presets/${f.presetId}`)).statusCode).toBe(404);
      const del = await call('DELETE', `/api/v2/presets/${saved.id}`);
      expect(del.statusCode).toBe(200);
      expect((await call('GET', `/api/v2/presets/${saved.slug}`)).statusCode).toBe(404);
    });

    const save = async (name: string) => {
      const res = await call('POST', '/api/v2/presets', {
        preset: { preset_type: 'save_for_later', base_preset_id: f.presetId, name, preset_items: cart() },
      });
      expect(res.statusCode).toBe(201);
      const saved = res.json().preset as { id: number; slug: string; shared_url: string };
      return { ...saved, token: new URL(saved.shared_url).searchParams.get('share_token')! };
    };

    it("keeps each dish's price as saved, beside today's (decision 060), whatever price the browser sends", async () => {
      const lines = cart().map((l) => ({ ...l, price_cents: 1 }));
      const saved = (
        await call('POST', '/api/v2/presets', {
          preset: {
            preset_type: 'save_for_later',
            base_preset_id: f.presetId,
            name: 'Priced lunch',
            preset_items: lines,
          },
        })
      ).json().preset as { id: number; slug: string };
      const read = async () =>
        (await call('GET', `/api/v2/presets/${saved.slug}`)).json().preset.preset_items as Array<{
          menu_id: number;
          price_cents: number;
          saved_unit_price_cents: number | null;
        }>;
      const before = await read();
      expect(before.length).toBeGreaterThan(0);
      for (const item of before) expect(item.saved_unit_price_cents).toBe(item.price_cents);

      // the restaurant raises the first dish's price: the saved cart reads both
      const first = before[0]!;
      await ctx.db.query('UPDATE menus SET price_cents = price_cents + 125 WHERE id = $1', [first.menu_id]);
      try {
        const after = (await read()).find((i) => i.menu_id === first.menu_id)!;
        expect(after).toMatchObject({
          price_cents: first.price_cents + 125,
          saved_unit_price_cents: first.price_cents,
        });
      } finally {
        await ctx.db.query('UPDATE menus SET price_cents = price_cents - 125 WHERE id = $1', [first.menu_id]);
      }
      // a catalogue preset's lines have no saved price
      const catalogue = (await call('GET', `/api/v2/presets/${f.presetId}`)).json().preset.preset_items as Array<{
        saved_unit_price_cents: number | null;
      }>;
      expect(catalogue.every((i) => i.saved_unit_price_cents === null)).toBe(true);
    });

    it('opens its share link for anyone, read-only (owned_by_viewer false), signed in or not', async () => {
      const saved = await save('Shared Friday');
      const { pathname, search } = new URL(saved.shared_url);
      const key = pathname.replace('/preset-detail/', '');
      for (const token of [other.jwt, null]) {
        const res = await call('GET', `/api/v2/presets/${key}${search}`, undefined, token);
        expect(res.statusCode).toBe(200);
        expect(res.json().preset).toMatchObject({
          id: saved.id,
          preset_type: 'save_for_later',
          base_preset_id: f.presetId,
          owned_by_viewer: false,
        });
        expect(
          res.json().preset.preset_items.map((i: { menu_id: number; quantity: number }) => [i.menu_id, i.quantity]),
        ).toEqual(cart().map((l) => [l.menu_id, l.quantity]));
        // by id with the token as well
        expect(
          (await call('GET', `/api/v2/presets/${saved.id}?share_token=${saved.token}`, undefined, token)).statusCode,
        ).toBe(200);
      }
      // a catalogue preset is nobody's
      expect((await call('GET', `/api/v2/presets/${f.presetId}`)).json().preset.owned_by_viewer).toBe(false);
    });

    it('cannot be guessed: ids, slugs, wrong or borrowed tokens all answer the unknown-id 404', async () => {
      const a = await save('Guess Me');
      const b = await save('Another Cart');
      const wrongToken = a.token.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      const guesses = [
        `/api/v2/presets/${a.id}`,
        `/api/v2/presets/${a.slug}`,
        `/api/v2/presets/${a.id}?share_token=`,
        `/api/v2/presets/${a.id}?share_token=${wrongToken}`,
        `/api/v2/presets/${a.id}?share_token=${a.token.slice(0, 32)}`,
        `/api/v2/presets/${a.id}?share_token=${b.token}`,
        `/api/v2/presets/${b.slug}?share_token=${a.token}`,
        // the neighbours of a cart's id are not opened by its token either
        `/api/v2/presets/${a.id + 1}?share_token=${a.token}`,
      ];
      for (const url of guesses) {
        for (const token of [other.jwt, null]) {
          const res = await call('GET', url, undefined, token);
          expect([url, res.statusCode, res.json()]).toEqual([url, 404, { error: messages.presetNotFound }]);
        }
      }
      // the tokens differ cart by cart
      expect(a.token).not.toBe(b.token);
    });

    it('refuses an empty cart, a foreign dish, a missing name and visitors', async () => {
      const body = (over: object) => ({
        preset: {
          preset_type: 'save_for_later',
          base_preset_id: f.presetId,
          name: 'Draft',
          preset_items: cart(),
          ...over,
        },
      });
      const empty = await call('POST', '/api/v2/presets', body({ preset_items: [] }));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().messages).toContain(messages.noItems);
      const foreign = await call(
        'POST',
        '/api/v2/presets',
        body({ preset_items: [{ id: 1, menu_id: 99_999_999, quantity: 1 }] }),
      );
      expect(foreign.statusCode).toBe(422);
      expect((await call('POST', '/api/v2/presets', body({ name: ' ' }))).statusCode).toBe(422);
      expect((await call('POST', '/api/v2/presets', body({}), null)).statusCode).toBe(401);
      expect((await call('POST', '/api/v2/presets', body({ base_preset_id: 99_999_999 }))).statusCode).toBe(404);
    });
  });

  describe('group orders', () => {
    it('creates one from a one-chef preset', async () => {
      const res = await call('POST', '/api/v2/group_orders', {
        preset_id: f.presetId,
        delivery_params: { address: '100 King St W', delivery_date: '2026-03-10', delivery_time: '11:30 AM' },
      });
      expect(res.statusCode).toBe(201);
      const { uuid } = res.json();
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
      const { rows } = await ctx.db.query(
        'SELECT creator_id, chef_id, status, delivery_params FROM group_orders WHERE uuid = $1',
        [uuid],
      );
      expect(rows[0]).toMatchObject({
        creator_id: user.id,
        chef_id: f.chef.id,
        status: 'created',
        delivery_params: { address: '100 King St W' },
      });
    });

    it('refuses a preset with several chefs, visitors and unknown presets', async () => {
      const multi = await restaurantFixture(ctx.db, { presetType: 'catering', chefs: 2 }).catch(() => null);
      if (multi) {
        const res = await call('POST', '/api/v2/group_orders', { preset_id: multi.presetId });
        expect(res.statusCode).toBe(422);
        expect(res.json().messages).toEqual(['A group order can be created only from a preset with exactly one chef.']);
      }
      const { rows } = await ctx.db.query(
        `SELECT preset_id FROM preset_chefs GROUP BY preset_id HAVING count(*) > 1 LIMIT 1`,
      );
      const res = await call('POST', '/api/v2/group_orders', { preset_id: rows[0].preset_id });
      expect(res.statusCode).toBe(422);
      expect((await call('POST', '/api/v2/group_orders', { preset_id: f.presetId }, null)).statusCode).toBe(401);
      expect((await call('POST', '/api/v2/group_orders', { preset_id: 99_999_999 })).statusCode).toBe(404);
    });
  });

  describe('menu-suggestion bot', () => {
    it('composes a menu for the head count and dietary needs, stores it and emails it', async () => {
      const email = uniqueEmail('bot');
      const res = await call(
        'POST',
        `/api/v2/catering_suggestions/${f.presetId}`,
        { email, request_message: 'Lunch for 25 people, vegetarian please' },
        null,
      );
      expect(res.statusCode).toBe(201);
      const { suggestion, message } = res.json();
      expect(message).toContain(email);
      expect(suggestion.head_count).toBe(25);
      expect(suggestion.dietary_needs).toEqual(['Vegetarian']);
      expect(suggestion.lines.length).toBeGreaterThan(0);
      const subtotal = suggestion.lines.reduce(
        (s: number, l: { line_subtotal_cents: number }) => s + l.line_subtotal_cents,
        0,
      );
      expect(suggestion.totals.subtotal_cents).toBe(subtotal);
      expect(subtotal).toBeGreaterThanOrEqual(f.chef.pre_order_min_order_amount_cents);
      const vegetarianExists = (
        await ctx.db.query(
          `SELECT 1 FROM menus WHERE chef_id = $1 AND 'Vegetarian' = ANY(dietary_types) AND NOT is_deleted`,
          [f.chef.id],
        )
      ).rowCount;
      if (vegetarianExists)
        expect(suggestion.lines.every((l: { dietary_types: string[] }) => l.dietary_types.includes('Vegetarian'))).toBe(
          true,
        );
      const stored = await ctx.db.query(
        'SELECT email, request_message, suggestion FROM menu_suggestions WHERE id = $1',
        [suggestion.id],
      );
      expect(stored.rows[0]).toMatchObject({ email, request_message: 'Lunch for 25 people, vegetarian please' });
      const [mail] = await emailsTo(ctx.db, email, 'menu_suggestion');
      expect(mail!.text_body).toContain('Planned for 25 people.');
      expect(mail!.text_body).toContain(suggestion.lines[0].name);
    });

    it('requires a valid email and a message, and a known preset', async () => {
      const bad = await call(
        'POST',
        `/api/v2/catering_suggestions/${f.presetId}`,
        { email: 'nope', request_message: 'x' },
        null,
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().messages).toContain('Invalid email address');
      const missing = await call(
        'POST',
        `/api/v2/catering_suggestions/${f.presetId}`,
        { email: uniqueEmail(), request_message: '' },
        null,
      );
      expect(missing.statusCode).toBe(422);
      expect(
        (
          await call(
            'POST',
            '/api/v2/catering_suggestions/99999999',
            { email: uniqueEmail(), request_message: 'for 10' },
            null,
          )
        ).statusCode,
      ).toBe(404);
    });
  });
});
