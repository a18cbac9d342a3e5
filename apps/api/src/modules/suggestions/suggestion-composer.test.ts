import { describe, expect, it } from 'vitest';
import {
  composeSuggestion,
  parseDietaryNeeds,
  parseHeadCount,
  servesPerUnit,
  type ComposerMenu,
} from './suggestion-composer.js';

const menu = (id: number, over: Partial<ComposerMenu>): ComposerMenu => ({
  id,
  chef_id: 1,
  name: `Dish ${id}`,
  category_name: 'Mains',
  menu_type: 'single',
  price_cents: 1500,
  min_order_amount: 1,
  dietary_types: [],
  position: id,
  menu_items: [],
  ...over,
});

describe('request parsing', () => {
  it('reads head counts in the ways people write them', () => {
    expect(parseHeadCount('Lunch for 25 people on Friday')).toBe(25);
    expect(parseHeadCount('25 ppl, mostly vegetarian')).toBe(25);
    expect(parseHeadCount('we are a team of 12')).toBe(12);
    expect(parseHeadCount('something tasty')).toBeNull();
    expect(parseHeadCount('for 0 people')).toBeNull();
  });

  it('reads dietary needs', () => {
    expect(parseDietaryNeeds('Vegetarian and gluten free please, one nut allergy')).toEqual([
      'Vegetarian',
      'Gluten Free',
      'Nut Free',
    ]);
    expect(parseDietaryNeeds('vegan, halal and keto options')).toEqual(['Vegan', 'Halal', 'Keto']);
    expect(parseDietaryNeeds('anything')).toEqual([]);
  });

  it('knows how many a tray serves', () => {
    expect(servesPerUnit({ name: 'Coffee Box (serves 10)', menu_type: 'other' })).toBe(10);
    expect(servesPerUnit({ name: 'Sushi (40 pcs)', menu_type: 'other' })).toBe(20);
    expect(servesPerUnit({ name: 'Bowl', menu_type: 'single' })).toBe(1);
  });
});

describe('composeSuggestion', () => {
  const menus = [
    menu(1, {
      dietary_types: ['Vegetarian'],
      menu_items: [
        { id: 11, price_cents: 0 },
        { id: 12, price_cents: 300 },
      ],
    }),
    menu(2, { dietary_types: [] }),
    menu(3, { dietary_types: ['Vegetarian', 'Gluten Free'], category_name: 'Salads' }),
    menu(4, { dietary_types: ['Vegetarian'], category_name: 'Desserts', price_cents: 400 }),
    menu(5, {
      name: 'Coffee (serves 10)',
      menu_type: 'other',
      category_name: 'Drinks',
      dietary_types: ['Vegetarian'],
      price_cents: 3000,
    }),
  ];

  it('keeps to dishes meeting the needs and feeds the head count once per course', () => {
    const s = composeSuggestion({
      message: 'vegetarian lunch for 20 people',
      defaultHeadCount: 10,
      menus,
      chefs: [{ id: 1, minimumCents: 0 }],
      defaultMenuIds: [],
    });
    expect(s.headCount).toBe(20);
    expect(s.needs).toEqual(['Vegetarian']);
    expect(s.lines.map((l) => l.menu.id)).not.toContain(2);
    const byId = new Map(s.lines.map((l) => [l.menu.id, l]));
    expect(byId.get(1)!.quantity).toBe(20);
    expect(byId.get(1)!.menuItemsMapping).toEqual({ '11': 20 });
    expect(byId.get(5)!.quantity).toBe(2);
  });

  it("raises quantities to the chef's minimum and says so", () => {
    const s = composeSuggestion({
      message: 'for 2 people',
      defaultHeadCount: 10,
      menus,
      chefs: [{ id: 1, minimumCents: 50_000 }],
      defaultMenuIds: [2],
    });
    const subtotal = s.lines.reduce((sum, l) => sum + l.menu.price_cents * l.quantity, 0);
    expect(subtotal).toBeGreaterThanOrEqual(50_000);
    expect(s.notes.join(' ')).toMatch(/minimum/);
    expect(s.lines[0]!.menu.id).toBe(2); // the default cart's dish first
  });

  it('notes needs no dish meets', () => {
    const s = composeSuggestion({
      message: 'halal for 10',
      defaultHeadCount: 10,
      menus,
      chefs: [],
      defaultMenuIds: [],
    });
    expect(s.notes.join(' ')).toMatch(/none is Halal/);
    expect(s.lines.length).toBeGreaterThan(0);
  });
});
