import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerDish, PartnerMenu, PartnerPreset } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { teamFixture, type SignedIn } from '../partner/partner.test-helpers.js';

// Decision 052: the menu editor's routes. Staff read, managers/owners/operations write; each
// write records an audit row and bumps the restaurant's catalogue version in its transaction;
// a stale dish edit is 409; bad input is 422 with the contract's message.

describe('menu editor', () => {
  let ctx: TestContext;
  let team: Awaited<ReturnType<typeof teamFixture>>;
  let chef: number;
  let owner: SignedIn;
  let manager: SignedIn;
  let staff: SignedIn;
  let ops: SignedIn;
  const base = () => `/api/v2/partner/restaurants/${chef}/menu`;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, jwt: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: auth(jwt),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const version = async () => (await createCatalogueChangesService(ctx.db).versions()).get(chef) ?? 0;
  const auditCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE chef_id = $1', [chef])).rows[0]!
      .n;
  const lastAudit = async () =>
    (
      await ctx.db.query<{
        entity: string;
        action: string;
        summary: string;
        actor_role: string;
        before: unknown;
        after: unknown;
      }>(
        'SELECT entity, action, summary, actor_role, before, after FROM audit_log WHERE chef_id = $1 ORDER BY id DESC LIMIT 1',
        [chef],
      )
    ).rows[0]!;
  const menu = async (jwt = owner.jwt) => (await call('GET', base(), jwt)).json<PartnerMenu>();
  const firstDish = async () => (await menu()).categories.find((c) => c.dishes.length)!.dishes[0]!;
  const dishBody = (d: PartnerDish) => ({
    name: d.name,
    description: d.description,
    price_cents: d.price_cents,
    serves: d.serves,
    min_order_amount: Math.max(1, d.min_order_amount),
    menu_type: d.menu_type,
    dietary_types: d.dietary_types.filter((t) =>
      ['Vegetarian', 'Vegan', 'Gluten Free', 'Dairy Free', 'Nut Free', 'Halal', 'Kosher'].includes(t),
    ),
    allergens: d.allergens,
    lead_time_hours: d.lead_time_hours,
    tax_category: d.tax_category,
    category_name: d.category_name,
    updated_at: d.updated_at,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await teamFixture(ctx, 2);
    chef = team.chefs[0]!.id;
    owner = await team.member({ 0: 'owner' });
    manager = await team.member({ 0: 'manager' });
    staff = await team.member({ 0: 'staff' });
    ops = await team.ops();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('reads the menu in category order for every role, and 404 for another restaurant', async () => {
    const m = await menu(staff.jwt);
    expect(m.categories.length).toBeGreaterThan(1);
    expect(m.categories.map((c) => c.position)).toEqual([...m.categories.keys()]);
    const dish = m.categories[0]!.dishes[0]!;
    expect(dish).toMatchObject({ category_name: m.categories[0]!.name, unavailable_until: null });
    expect(dish.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(m.dietary_tags).toHaveLength(7);
    expect(m.allergens).toContain('Sesame');
    const other = await team.member({ 1: 'owner' });
    expect((await call('GET', base(), other.jwt)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/presets`, staff.jwt)).statusCode).toBe(200);
  });

  it('refuses writes to staff (403) and another restaurant (404)', async () => {
    const dish = await firstDish();
    expect((await call('PUT', `${base()}/dishes/${dish.id}`, staff.jwt, dishBody(dish))).statusCode).toBe(403);
    expect((await call('POST', `${base()}/categories`, staff.jwt, { name: 'Staff Picks' })).statusCode).toBe(403);
    const other = await team.member({ 1: 'manager' });
    expect((await call('PUT', `${base()}/dishes/${dish.id}`, other.jwt, dishBody(dish))).statusCode).toBe(404);
    // a dish of another restaurant through this restaurant's path
    const foreign = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM menus WHERE chef_id = $1 LIMIT 1', [
        team.chefs[1]!.id,
      ])
    ).rows[0]!.id;
    const res = await call('PUT', `${base()}/dishes/${foreign}`, owner.jwt, { ...dishBody(dish) });
    expect(res.statusCode).toBe(404);
  });

  it('changes a price with an audit line, a new version and a bumped catalogue version', async () => {
    const dish = await firstDish();
    const [v0, a0] = [await version(), await auditCount()];
    const res = await call('PUT', `${base()}/dishes/${dish.id}`, manager.jwt, {
      ...dishBody(dish),
      price_cents: dish.price_cents + 500,
      dietary_types: ['Halal', 'Vegan'],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().dish as PartnerDish;
    expect(after.price_cents).toBe(dish.price_cents + 500);
    expect(after.updated_at).not.toBe(dish.updated_at);
    // the seven in the editor's order, other tags kept
    expect(after.dietary_types.slice(0, 2)).toEqual(['Vegan', 'Halal']);
    expect(await version()).toBe(v0 + 1);
    expect(await auditCount()).toBe(a0 + 1);
    const row = await lastAudit();
    expect(row).toMatchObject({ entity: 'dish', action: 'update', actor_role: 'manager' });
    expect(row.summary).toContain(`Price of ${dish.name}: $`);
    expect(row.summary).toContain('→');
    expect(row.before).toMatchObject({ price_cents: dish.price_cents });
    expect(row.after).toMatchObject({ price_cents: dish.price_cents + 500 });
  });

  it('answers 409 to a stale edit and keeps the other device’s change', async () => {
    const dish = await firstDish();
    const first = await call('PUT', `${base()}/dishes/${dish.id}`, owner.jwt, { ...dishBody(dish), serves: 7 });
    expect(first.statusCode).toBe(200);
    const v = await version();
    const stale = await call('PUT', `${base()}/dishes/${dish.id}`, manager.jwt, { ...dishBody(dish), serves: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed this dish on another device/);
    expect(await version()).toBe(v);
    expect((await firstDish()).serves).toBe(7);
  });

  it('refuses bad input with the contract’s messages', async () => {
    const dish = await firstDish();
    const bad = await call('PUT', `${base()}/dishes/${dish.id}`, owner.jwt, {
      ...dishBody(dish),
      name: '',
      price_cents: 12.5,
      serves: 900,
      dietary_types: ['Keto'],
      lead_time_hours: 400,
    });
    expect(bad.statusCode).toBe(422);
    const text = bad.json().messages.join(' ');
    // an empty name is a missing one (required-fields.integration.test), a long one is told the rule
    expect(text).toMatch(/Name: Please fill in the required field\./);
    expect(text).toMatch(/Price cents: has an invalid value/);
    expect(text).toMatch(/Serves must be/);
    expect(text).toMatch(/lead time/);
    expect(text).toMatch(/Choose dietary tags from: Vegetarian/);
    const noCategory = await call('POST', `${base()}/dishes`, owner.jwt, {
      name: 'Ghost dish',
      price_cents: 100,
      category_name: 'Nowhere',
    });
    expect(noCategory.statusCode).toBe(422);
    expect(noCategory.json().messages).toEqual(['There is no category “Nowhere”. Add it in Categories first.']);
  });

  it('creates, edits and deletes dishes and options', async () => {
    const category = (await menu()).categories[0]!.name;
    const created = await call('POST', `${base()}/dishes`, owner.jwt, {
      name: 'Saffron Rice Tray',
      description: 'Serves about 10.',
      price_cents: 4500,
      serves: 10,
      menu_type: 'other',
      dietary_types: ['Vegan', 'Gluten Free'],
      allergens: ['Milk'],
      lead_time_hours: 48,
      category_name: category,
    });
    expect(created.statusCode).toBe(201);
    const dish = created.json().dish as PartnerDish;
    expect(dish).toMatchObject({ lead_time_hours: 48, allergens: ['Milk'], serves: 10, options: [] });
    expect((await lastAudit()).summary).toBe(`Added Saffron Rice Tray ($45.00) to ${category}`);
    // until a photo is uploaded, the dish shows the picture its name says (decision 074)
    expect(dish.main_image_url).toBe(`/media/art/dish/${dish.id}-rice.svg`);
    const renamed = await call('PUT', `${base()}/dishes/${dish.id}`, owner.jwt, {
      ...dishBody(dish),
      name: 'Saffron Rice Pudding Cups',
    });
    const pudding = renamed.json().dish as PartnerDish;
    expect(pudding.main_image_url).toBe(`/media/art/dish/${dish.id}-parfait.svg`);
    const back = await call('PUT', `${base()}/dishes/${dish.id}`, owner.jwt, {
      ...dishBody(pudding),
      name: 'Saffron Rice Tray',
    });
    expect((back.json().dish as PartnerDish).main_image_url).toBe(`/media/art/dish/${dish.id}-rice.svg`);

    const withOption = await call('POST', `${base()}/dishes/${dish.id}/options`, owner.jwt, {
      name: 'Extra raita',
      price_cents: 300,
      max_quantity: 5,
    });
    expect(withOption.statusCode).toBe(201);
    const option = (withOption.json().dish as PartnerDish).options[0]!;
    expect(option).toMatchObject({ name: 'Extra raita', price_cents: 300, max_quantity: 5 });
    const v = await version();
    const changed = await call('PUT', `${base()}/dishes/${dish.id}/options/${option.id}`, manager.jwt, {
      name: 'Extra raita',
      price_cents: 350,
      max_quantity: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(await version()).toBe(v + 1);
    expect((await lastAudit()).summary).toBe(
      'Price of Saffron Rice Tray – Extra raita: $3.00 → $3.50; Limit of Saffron Rice Tray – Extra raita: 5 → none',
    );
    const removed = await call('DELETE', `${base()}/dishes/${dish.id}/options/${option.id}`, manager.jwt);
    expect((removed.json().dish as PartnerDish).options).toEqual([]);
    expect((await call('DELETE', `${base()}/dishes/${dish.id}/options/${option.id}`, manager.jwt)).statusCode).toBe(
      404,
    );

    const gone = await call('DELETE', `${base()}/dishes/${dish.id}`, ops.jwt);
    expect(gone.json()).toEqual({ message: 'Saffron Rice Tray was deleted.' });
    expect((await lastAudit()).actor_role).toBe('operations');
    const { rows } = await ctx.db.query('SELECT is_deleted FROM menus WHERE id = $1', [dish.id]);
    expect(rows[0]).toEqual({ is_deleted: true });
    expect((await menu()).categories.flatMap((c) => c.dishes).some((d) => d.id === dish.id)).toBe(false);
  });

  it('manages categories: add, rename, reorder, move dishes, refuse deleting a full one', async () => {
    const added = await call('POST', `${base()}/categories`, owner.jwt, { name: 'Chef Specials' });
    expect(added.statusCode).toBe(201);
    expect((await call('POST', `${base()}/categories`, owner.jwt, { name: 'Chef Specials' })).statusCode).toBe(409);
    let m = added.json<PartnerMenu>();
    expect(m.categories.at(-1)!.name).toBe('Chef Specials');

    const names = m.categories.map((c) => c.name);
    const reordered = [names.at(-1)!, ...names.slice(0, -1)];
    m = (await call('PUT', `${base()}/categories/order`, owner.jwt, { names: reordered })).json();
    expect(m.categories.map((c) => c.name)).toEqual(reordered);
    const partial = await call('PUT', `${base()}/categories/order`, owner.jwt, { names: reordered.slice(1) });
    expect(partial.statusCode).toBe(422);

    // move the second category's first dish into the new (first) category
    const dish = m.categories[1]!.dishes[0]!;
    const moved = await call('PUT', `${base()}/dishes/${dish.id}/position`, owner.jwt, {
      category_name: 'Chef Specials',
      index: 0,
    });
    expect(moved.json().dish).toMatchObject({ category_name: 'Chef Specials', position: 0 });
    // the storefront lists by position: the dish now comes first
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT id::int AS id FROM menus WHERE chef_id = $1 AND NOT is_deleted ORDER BY position LIMIT 1',
      [chef],
    );
    expect(rows[0]!.id).toBe(dish.id);

    const full = await call('DELETE', `${base()}/categories?name=${encodeURIComponent('Chef Specials')}`, owner.jwt);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(
      '“Chef Specials” still has 1 dish. Move or delete it first, then delete the category.',
    );

    m = (
      await call('PUT', `${base()}/categories`, owner.jwt, { from: 'Chef Specials', to: 'House Favourites' })
    ).json();
    expect(m.categories[0]!.name).toBe('House Favourites');
    expect(m.categories[0]!.dishes[0]!.id).toBe(dish.id);

    // back where it was, then the empty category goes
    await call('PUT', `${base()}/dishes/${dish.id}/position`, owner.jwt, {
      category_name: dish.category_name,
      index: 0,
    });
    const deleted = await call('DELETE', `${base()}/categories?name=House%20Favourites`, owner.jwt);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<PartnerMenu>().categories.some((c) => c.name === 'House Favourites')).toBe(false);
    expect((await lastAudit()).summary).toBe('Deleted the category House Favourites');
  });

  it('composes a preset with derived fields, edits and deactivates it, refuses shared ones to the restaurant', async () => {
    const dishes = (await menu()).categories.flatMap((c) => c.dishes);
    const [a, b] = [dishes[0]!, dishes[1]!];
    const body = {
      name: 'Team Lunch for 20',
      description: 'Our favourites.',
      number_of_guests: 20,
      lines: [
        { menu_id: a.id, quantity: Math.max(20, a.min_order_amount), menu_items_mapping: {} },
        { menu_id: b.id, quantity: Math.max(20, b.min_order_amount), menu_items_mapping: {} },
      ],
    };
    const created = await call('POST', `${base()}/presets`, manager.jwt, body);
    expect(created.statusCode).toBe(201);
    const preset = created.json().preset as PartnerPreset;
    const total = body.lines[0]!.quantity * a.price_cents + body.lines[1]!.quantity * b.price_cents;
    expect(preset).toMatchObject({ is_active: true, shared: false, number_of_guests: 20 });
    expect(preset.price_per_person_cents).toBe(Math.round(total / 20));
    expect(preset.slug).toBe(`team-lunch-for-20-${preset.id}`);
    expect(preset.lines[0]!.serving_details).toMatch(/^\d+ (individually packaged|trays?)/);
    // its generated banner shows its two dishes (decision 074)
    const typeOf = (url: string) => /^\/media\/art\/dish\/\d+-([a-z]+)\.svg$/.exec(url)?.[1];
    const banner = await ctx.db.query<{ url: string }>('SELECT banner_image_url AS url FROM presets WHERE id = $1', [
      preset.id,
    ]);
    const shown = [...new Set([typeOf(a.main_image_url), typeOf(b.main_image_url)])].join('-');
    expect(shown).toMatch(/^[a-z]+(-[a-z]+)?$/);
    expect(banner.rows[0]!.url).toMatch(new RegExp(`^/media/art/preset/${preset.id}-${shown}`));

    // a dish in a preset cannot be deleted
    const held = await call('DELETE', `${base()}/dishes/${a.id}`, owner.jwt);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toContain('Team Lunch for 20');

    // a dish's price change follows into the preset's price per person
    await call('PUT', `${base()}/dishes/${a.id}`, owner.jwt, { ...dishBody(a), price_cents: a.price_cents + 1000 });
    const listed = (await call('GET', `${base()}/presets`, staff.jwt)).json().presets as PartnerPreset[];
    const again = listed.find((p) => p.id === preset.id)!;
    expect(again.price_per_person_cents).toBe(Math.round((total + body.lines[0]!.quantity * 1000) / 20));

    const off = await call('PUT', `${base()}/presets/${preset.id}`, owner.jwt, { ...body, is_active: false });
    expect(off.json().preset.is_active).toBe(false);
    expect((await lastAudit()).action).toBe('deactivate');

    const badLines = await call('PUT', `${base()}/presets/${preset.id}`, owner.jwt, {
      ...body,
      lines: [{ menu_id: a.id, quantity: 0, menu_items_mapping: { 999999: 1 } }],
    });
    expect(badLines.statusCode).toBe(422);

    // a preset shared with another restaurant: operations only
    await ctx.db.query('INSERT INTO preset_chefs (preset_id, chef_id, position) VALUES ($1, $2, 1)', [
      preset.id,
      team.chefs[1]!.id,
    ]);
    const shared = await call('PUT', `${base()}/presets/${preset.id}`, owner.jwt, body);
    expect(shared.statusCode).toBe(403);
    expect(shared.json().error).toContain('only Caterway operations can change it');
    expect((await call('PUT', `${base()}/presets/${preset.id}`, ops.jwt, body)).statusCode).toBe(200);
  });
  it('renames a dish into the search documents, and holds a preset a suspended restaurant switches on', async () => {
    const dish = await firstDish();
    const renamed = await call('PUT', `${base()}/dishes/${dish.id}`, owner.jwt, {
      ...dishBody(dish),
      name: 'Smoked Jackfruit Biryani',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { rows: found } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE pc.chef_id = $1 AND p.preset_type = 'restaurant' AND p.search_document @@ to_tsquery('english', 'jackfruit')`,
      [chef],
    );
    expect(found[0]!.n).toBe(1);

    // suspended (decision 059): a preset the team switches on waits off the storefront, held
    const ours = (await call('GET', `${base()}/presets`, owner.jwt)).json().presets as PartnerPreset[];
    const preset = ours.find((p) => !p.shared)!;
    const suspend = await call('POST', `/api/v2/ops/restaurants/${chef}/status`, ops.jwt, {
      status: 'suspended',
      reason: 'Fridge repair',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const body = {
      name: preset.name,
      description: preset.description,
      number_of_guests: preset.number_of_guests,
      is_active: true,
      lines: preset.lines.map((l) => ({
        menu_id: l.menu_id,
        quantity: l.quantity,
        menu_items_mapping: l.menu_items_mapping,
      })),
    };
    const on = await call('PUT', `${base()}/presets/${preset.id}`, owner.jwt, body);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().preset.is_active).toBe(true);
    const row = async () =>
      (await ctx.db.query('SELECT is_active, held_by_restaurant FROM presets WHERE id = $1', [preset.id])).rows[0];
    expect(await row()).toEqual({ is_active: false, held_by_restaurant: true });
    expect((await call('POST', `/api/v2/ops/restaurants/${chef}/status`, ops.jwt, { status: 'live' })).statusCode).toBe(
      200,
    );
    expect(await row()).toEqual({ is_active: true, held_by_restaurant: false });
  });
});
