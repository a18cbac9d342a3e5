import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinedTaxName, combinedTaxRate, formatTaxLabel, taxesFor } from '@caterway/domain';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/helpers.js';
import { demoAccounts } from '../../lib/demo-accounts.js';
import { verifyPassword } from '../../lib/passwords.js';
import { withTransaction } from '../pool.js';
import { ensureDemoData, replaceDemoStaffPassword } from './demo.js';
import { loadCatalogue } from './loader.js';
import { homeGroups } from './vocabulary.js';

const silent = { info: () => {}, warn: () => {} };

describe('demo catalogue on first start', () => {
  let ctx: TestContext;
  let first: Awaited<ReturnType<typeof ensureDemoData>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    first = await ensureDemoData(ctx.db, silent);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query(sql, params)).rows[0].n);

  it('loads a believable marketplace once', async () => {
    expect(first.loaded).toBe(true);
    expect(first.summary).toMatchObject({ restaurants: 72, presets: 324, demo_accounts: 2 });
    expect(await count('SELECT count(*) AS n FROM chefs')).toBeGreaterThanOrEqual(60);
    expect(await count('SELECT count(DISTINCT city) AS n FROM chefs')).toBeGreaterThanOrEqual(5);
    expect(await count(`SELECT count(*) AS n FROM chefs WHERE country = 'US'`)).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM presets')).toBeGreaterThanOrEqual(300);
    expect(await count(`SELECT count(*) AS n FROM catalogue_loads WHERE kind = 'demo'`)).toBe(1);
  });

  it('loads nothing the second time', async () => {
    const again = await ensureDemoData(ctx.db, silent);
    expect(again).toEqual({ loaded: false, summary: {} });
    expect(await count('SELECT count(*) AS n FROM chefs')).toBe(72);
  });

  it('fills each home-page group with at least eight presets', async () => {
    for (const group of homeGroups) {
      expect(
        await count(`SELECT count(*) AS n FROM presets WHERE $1 = ANY (category_names)`, [group]),
      ).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives each chef a restaurant preset under the chef slug', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM chefs c
                    JOIN presets p ON p.slug = c.slug AND p.preset_type = 'restaurant'
                    JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.chef_id = c.id`),
    ).toBe(72);
  });

  it('has closed days, EFT only in Canada and the right tax per province or state', async () => {
    expect(
      await count(
        `SELECT count(*) AS n FROM chefs, jsonb_each(store_hours) d WHERE NOT (d.value->>'enabled')::boolean`,
      ),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM chefs WHERE eft_enabled AND country <> 'CA'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM chefs WHERE eft_enabled`)).toBeGreaterThan(0);
    // the taxes of a pickup at each restaurant: the dated table's for its place (issue 17)
    const { rows } = await ctx.db.query<{ country: 'CA' | 'US'; province: string; city: string }>(
      'SELECT DISTINCT country, province, city FROM chefs ORDER BY province, city',
    );
    const taxes = rows.map((r) => {
      const lines = taxesFor({ country: r.country, region: r.province, locality: r.city }, '2026-12-01');
      return { city: r.city, tax: lines && formatTaxLabel(combinedTaxName(lines), combinedTaxRate(lines)) };
    });
    expect(taxes).toEqual([
      { city: 'Vancouver', tax: 'GST 5.000%' },
      { city: 'New York', tax: 'Sales Tax 8.875%' },
      { city: 'Ottawa', tax: 'HST 13.000%' },
      { city: 'Toronto', tax: 'HST 13.000%' },
      { city: 'Montreal', tax: 'GST+QST 14.975%' },
      { city: 'Seattle', tax: 'Sales Tax 10.550%' },
    ]);
  });

  it('builds every default cart from menus of the preset chefs', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM preset_items pi
                    JOIN menus m ON m.id = pi.menu_id
                    LEFT JOIN preset_chefs pc ON pc.preset_id = pi.preset_id AND pc.chef_id = m.chef_id
                    WHERE pc.chef_id IS NULL OR m.chef_id <> pi.chef_id OR m.is_deleted`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM preset_items pi, jsonb_object_keys(pi.menu_items_mapping) k
                    LEFT JOIN menu_items mi ON mi.id = k::bigint
                    WHERE mi.menu_id IS DISTINCT FROM pi.menu_id`),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM presets p WHERE NOT EXISTS (SELECT 1 FROM preset_items i WHERE i.preset_id = p.id)`,
      ),
    ).toBe(0);
  });

  it('stores relative artwork URLs only', async () => {
    expect(await count(`SELECT count(*) AS n FROM menus WHERE main_image_url NOT LIKE '/media/art/dish/%.svg'`)).toBe(
      0,
    );
    expect(
      await count(`SELECT count(*) AS n FROM chefs WHERE profile_image_url NOT LIKE '/media/art/chef-profile/%.svg'`),
    ).toBe(0);
  });

  it('creates the demo accounts confirmed, with their roles and a Toronto address', async () => {
    for (const account of demoAccounts) {
      const { rows } = await ctx.db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [account.email]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        role: account.role,
        city: 'Toronto',
        province: 'ON',
        company_name: account.companyName,
      });
      expect(rows[0].confirmed_at).toBeInstanceOf(Date);
      expect(rows[0].latitude).toBeCloseTo(43.65, 1);
      expect(await verifyPassword(rows[0].password_hash, account.password)).toBe(true);
    }
  });

  it('moves the id sequences past the loaded rows', async () => {
    const { rows } = await ctx.db.query(`INSERT INTO tags (name, color) VALUES ('Test Tag', '#123456') RETURNING id`);
    expect(rows[0].id).toBeGreaterThan(0);
    const before = await count('SELECT max(id) AS n FROM menus');
    const menu = await ctx.db.query(
      `INSERT INTO menus (chef_id, name, category_name, price_cents) VALUES (1, 'New dish', 'Mains', 1000) RETURNING id`,
    );
    expect(menu.rows[0].id).toBe(before + 1);
  });
});

describe('demo loading races and large catalogues', () => {
  it('loads once when two processes start together', async () => {
    const database = await createTestDatabase();
    try {
      const results = await Promise.all([ensureDemoData(database.db, silent), ensureDemoData(database.db, silent)]);
      expect(results.filter((r) => r.loaded)).toHaveLength(1);
      const { rows } = await database.db.query('SELECT count(*)::int AS n FROM chefs');
      expect(rows[0].n).toBe(72);
    } finally {
      await database.drop();
    }
  });

  it('streams a larger catalogue in batches (500 restaurants, 5,000 menu items)', async () => {
    const database = await createTestDatabase();
    try {
      const started = performance.now();
      const summary = await withTransaction(database.db, (client) =>
        loadCatalogue(client, { seed: 99, restaurants: 500, menuItems: 5000, presets: 2500, kind: 'test' }),
      );
      expect(summary).toMatchObject({ restaurants: 500, menu_items: 5000, presets: 2500 });
      expect(performance.now() - started).toBeLessThan(20_000);
      const { rows } = await database.db.query(
        `SELECT (SELECT count(*) FROM chefs)::int AS chefs, (SELECT count(*) FROM menu_items)::int AS items,
                (SELECT count(*) FROM presets)::int AS presets, (SELECT count(DISTINCT slug) FROM chefs)::int AS slugs`,
      );
      expect(rows[0]).toEqual({ chefs: 500, items: 5000, presets: 2500, slugs: 500 });
    } finally {
      await database.drop();
    }
  });
});

describe('the demo staff account in production', () => {
  it('gets a random password once, in place of the published one, and loses its sessions', async () => {
    const database = await createTestDatabase();
    try {
      await ensureDemoData(database.db, silent);
      const staff = demoAccounts.find((a) => a.role === 'staff')!;
      const { rows: users } = await database.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        staff.email,
      ]);
      await database.db.query(`INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + interval '1 day')`, [
        users[0]!.id,
      ]);
      const replaced = await replaceDemoStaffPassword(database.db);
      expect(replaced?.email).toBe(staff.email);
      expect(replaced?.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const { rows } = await database.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [staff.email],
      );
      expect(await verifyPassword(rows[0]!.password_hash, replaced!.password)).toBe(true);
      expect(await verifyPassword(rows[0]!.password_hash, 'Kitchen4Ops')).toBe(false);
      expect(
        (await database.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [users[0]!.id]))
          .rowCount,
      ).toBe(0);
      // printed once: the next start finds nothing to replace
      expect(await replaceDemoStaffPassword(database.db)).toBeNull();
      // the customer keeps its published demo password
      const customer = demoAccounts.find((a) => a.role === 'customer')!;
      const { rows: c } = await database.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [customer.email],
      );
      expect(await verifyPassword(c[0]!.password_hash, customer.password)).toBe(true);
    } finally {
      await database.drop();
    }
  });

  it('changes nothing where there is no demo staff account', async () => {
    const database = await createTestDatabase();
    try {
      expect(await replaceDemoStaffPassword(database.db)).toBeNull();
    } finally {
      await database.drop();
    }
  });
});
