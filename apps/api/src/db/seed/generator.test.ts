import { describe, expect, it } from 'vitest';
import { cityCounts, demoOptions, generateCatalogue, generateCatalogueInMemory, slugify } from './generator.js';
import { createRng } from './prng.js';
import { cities, concepts, homeGroups, parseDish } from './vocabulary.js';

describe('seeded PRNG', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('keeps int() inside its bounds', () => {
    const r = createRng('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(r.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('demo catalogue generator', () => {
  const demo = generateCatalogueInMemory(demoOptions);

  it('is deterministic: the same seed gives identical rows', () => {
    expect(generateCatalogueInMemory(demoOptions)).toEqual(demo);
  });

  it('gives a different catalogue for another seed', () => {
    const other = generateCatalogueInMemory({ ...demoOptions, seed: 7 });
    expect(other.chefs.length).toBe(demo.chefs.length);
    expect(other.chefs.map((c) => c.slug)).not.toEqual(demo.chefs.map((c) => c.slug));
  });

  it('keeps a few known values (a change here changes every demo database)', () => {
    expect(demo.chefs.length).toBe(72);
    expect(demo.presets.length).toBe(324);
    expect(demo.menuItems.length).toBe(72 * 32);
    const first = demo.chefs[0]!;
    expect(first).toMatchObject({ id: 1, city: 'Toronto', province: 'ON', time_zone: 'America/Toronto' });
    expect(first.slug).toBe(slugify(first.business_name));
    expect(demo.chefs.map((c) => c.slug).slice(0, 3)).toMatchInlineSnapshot(`
      [
        "masala-house",
        "smokehouse-88",
        "sakura-sushi",
      ]
    `);
    expect(demo.presets[1]).toMatchObject({ preset_type: 'catering', slug: expect.stringMatching(/-2$/) });
  });

  it('spreads restaurants over six cities in both countries with local taxes and zones', () => {
    const byCity = new Map<string, number>();
    for (const c of demo.chefs) byCity.set(c.city, (byCity.get(c.city) ?? 0) + 1);
    expect(byCity.size).toBe(6);
    expect(byCity.get('Toronto')).toBeGreaterThan(byCity.get('Ottawa')!);
    for (const c of demo.chefs) {
      const city = cities.find((x) => x.name === c.city)!;
      expect(c).toMatchObject({ province: city.province, country: city.country, time_zone: city.timeZone });
      expect(Math.abs(c.latitude - city.centre.lat)).toBeLessThan(0.06);
      expect(Math.abs(c.longitude - city.centre.lng)).toBeLessThan(0.08);
      if (c.country === 'CA') expect(c.zip).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      else {
        expect(c.zip).toMatch(/^\d{5}$/);
        expect(c.eft_enabled).toBe(false);
      }
    }
  });

  it('gives every restaurant store hours for each weekday, with some closed days', () => {
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    let closed = 0;
    for (const c of demo.chefs) {
      expect(Object.keys(c.store_hours)).toEqual(days);
      for (const d of Object.values(c.store_hours)) {
        expect(d.open).toMatch(/^\d{2}:\d{2}$/);
        expect(d.close > d.open).toBe(true);
        if (!d.enabled) closed++;
      }
      expect(c.delivery_fee_ranges[0]).toMatchObject({ min_km: 0 });
      expect([24, 48]).toContain(c.pre_order_notice_hours);
    }
    expect(closed).toBeGreaterThan(20);
  });

  it('builds carts from non-deleted menus of the preset chefs with component mappings', () => {
    const menus = new Map(demo.menus.map((m) => [m.id, m]));
    const itemMenu = new Map(demo.menuItems.map((i) => [i.id, i.menu_id]));
    const chefsOf = new Map<number, Set<number>>();
    for (const pc of demo.presetChefs)
      chefsOf.set(pc.preset_id, (chefsOf.get(pc.preset_id) ?? new Set()).add(pc.chef_id));
    for (const item of demo.presetItems) {
      const menu = menus.get(item.menu_id)!;
      expect(menu.is_deleted).toBe(false);
      expect(menu.chef_id).toBe(item.chef_id);
      expect(chefsOf.get(item.preset_id)!.has(item.chef_id)).toBe(true);
      expect(item.quantity).toBeGreaterThanOrEqual(Math.max(1, menu.min_order_amount));
      for (const [id, qty] of Object.entries(item.menu_items_mapping)) {
        expect(itemMenu.get(Number(id))).toBe(item.menu_id);
        expect(qty).toBe(item.quantity);
      }
    }
  });

  it('prices presets per person from the default cart and meets the kitchens minimum', () => {
    const menus = new Map(demo.menus.map((m) => [m.id, m]));
    for (const p of demo.presets) {
      const lines = demo.presetItems.filter((i) => i.preset_id === p.id);
      expect(lines.length).toBeGreaterThan(0);
      const total = lines.reduce((sum, l) => sum + l.quantity * menus.get(l.menu_id)!.price_cents, 0);
      expect(p.price_per_person_cents).toBe(Math.round(total / p.number_of_guests));
      if (p.number_of_guests < 60) expect(total).toBeGreaterThanOrEqual(p.minimum_order_amount_cents);
      expect(p.average_rating).toBeGreaterThanOrEqual(3.5);
      expect(p.average_rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.average_rating * 100)).toBeCloseTo(p.average_rating * 100, 6);
      expect(p.serving_styles.length).toBeGreaterThan(0);
    }
  });

  it('fills the three home-page groups', () => {
    for (const group of homeGroups) {
      expect(demo.presets.filter((p) => p.category_names.includes(group)).length).toBeGreaterThanOrEqual(8);
    }
    expect(demo.presets.filter((p) => p.preset_type === 'restaurant').map((p) => p.slug)).toEqual(
      demo.chefs.map((c) => c.slug),
    );
  });

  it('has unique slugs and ids', () => {
    expect(new Set(demo.chefs.map((c) => c.slug)).size).toBe(demo.chefs.length);
    expect(new Set(demo.presets.map((p) => p.slug)).size).toBe(demo.presets.length);
    expect(new Set(demo.menus.map((m) => m.id)).size).toBe(demo.menus.length);
  });
});

describe('sizes', () => {
  it('hits the requested counts exactly and streams in batches', () => {
    let chefs = 0;
    let items = 0;
    let presets = 0;
    let batches = 0;
    for (const b of generateCatalogue({ seed: 1, restaurants: 500, menuItems: 5000, presets: 2000 })) {
      batches++;
      chefs += b.chefs.length;
      items += b.menuItems.length;
      presets += b.presets.length;
    }
    expect({ chefs, items, presets }).toEqual({ chefs: 500, items: 5000, presets: 2000 });
    expect(batches).toBeGreaterThan(10);
  });

  it('continues ids after an id base', () => {
    const c = generateCatalogueInMemory({
      seed: 1,
      restaurants: 3,
      idBase: { chef: 100, menu: 1000, menuItem: 5000, preset: 50, presetItem: 9 },
    });
    expect(c.chefs.map((x) => x.id)).toEqual([101, 102, 103]);
    expect(c.menus[0]!.id).toBe(1001);
    expect(c.menuItems[0]!.id).toBe(5001);
    expect(c.presets[0]!.id).toBe(51);
    expect(c.presetItems[0]!.id).toBe(10);
  });

  it('splits restaurants over cities so the counts add up', () => {
    for (const n of [0, 1, 5, 72, 1001]) expect(cityCounts(n).reduce((a, b) => a + b, 0)).toBe(n);
  });
});

describe('vocabulary', () => {
  it('parses every dish line into a priced dish', () => {
    for (const concept of concepts) {
      expect(concept.names.length).toBeGreaterThanOrEqual(cities.length);
      for (const [category, lines] of Object.entries(concept.dishes)) {
        for (const line of lines ?? []) {
          const d = parseDish(category, line);
          expect(d.name.length).toBeGreaterThan(2);
          expect(d.priceCents).toBeGreaterThan(0);
          expect(d.components.length).toBeGreaterThan(0);
        }
      }
    }
  });
});
