// The menu-suggestion bot's brain (ordering-payments §1 'A menu-suggestion bot emails a suggested
// menu on request', §4, §5): reads a head count and dietary needs from the request, then picks
// the preset's chefs' dishes that meet them, in quantities that feed everyone once per course
// and reach each chef's minimum. Pure: the service loads the menus and prices the result.

export interface ComposerMenu {
  id: number;
  chef_id: number;
  name: string;
  category_name: string;
  menu_type: 'single' | 'other';
  /** prepared food when absent; a soda beverage is taxed by BC PST */
  tax_category?: 'prepared_food' | 'soda_beverage';
  price_cents: number;
  min_order_amount: number;
  dietary_types: string[];
  position: number;
  menu_items: { id: number; price_cents: number }[];
}

export interface ComposerChef {
  id: number;
  minimumCents: number;
}

/** Words people write for each dietary type of the catalogue (system var preset_dietary_type). */
const DIETS: [string, RegExp][] = [
  ['Vegan', /\bvegan(s)?\b|plant[- ]based/i],
  ['Vegetarian', /\bvegetarian(s)?\b|\bveggie\b|no meat|meat[- ]free/i],
  ['Gluten Free', /gluten[- ]?free|\bno gluten\b|\bceliac|\bcoeliac|\bgf\b/i],
  ['Dairy Free', /dairy[- ]?free|\bno dairy\b|lactose/i],
  ['Nut Free', /nut[- ]?free|\bno nuts?\b|nut allerg|peanut/i],
  ['Halal', /\bhalal\b/i],
  ['Kosher', /\bkosher\b/i],
  ['Keto', /\bketo(genic)?\b|low[- ]carb/i],
  ['Pescatarian', /pescatarian|pescetarian/i],
];

const PEOPLE =
  /(\d{1,4})\s*(?:\+\s*)?(?:people|persons?|ppl|pax|guests?|attendees|employees|staff|colleagues|team members|heads|folks|of us|covers)\b/i;
const FOR_N = /\b(?:for|feed(?:s|ing)?|serve|serving|team of|group of|party of)\s+(\d{1,4})\b/i;

export function parseHeadCount(message: string): number | null {
  const m = PEOPLE.exec(message) ?? FOR_N.exec(message);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 2000 ? n : null;
}

export function parseDietaryNeeds(message: string): string[] {
  const found = DIETS.filter(([, re]) => re.test(message)).map(([name]) => name);
  // vegan already is vegetarian: asking for both keeps the stricter one
  return found.includes('Vegan') ? found.filter((d) => d !== 'Vegetarian') : found;
}

const MAIN_CATEGORIES = ['Mains', 'Bowls', 'Sandwiches & Wraps', 'Breakfast', 'Salads', 'Platters'];

/** How many people one unit feeds: 'serves 10' in the name, pieces / 2, else 10 for trays and 1 for singles. */
export function servesPerUnit(menu: Pick<ComposerMenu, 'name' | 'menu_type'>): number {
  if (menu.menu_type === 'single') return 1;
  const serves = /serves (\d+)/i.exec(menu.name);
  if (serves) return Math.max(1, Number(serves[1]));
  const pieces = /\((\d+) pcs\)/i.exec(menu.name);
  if (pieces) return Math.max(4, Math.round(Number(pieces[1]) / 2));
  return 10;
}

export interface ComposedLine {
  menu: ComposerMenu;
  quantity: number;
  /** included components (price 0) at the line quantity, as the default carts have them */
  menuItemsMapping: Record<string, number>;
}

export interface Composition {
  headCount: number;
  needs: string[];
  lines: ComposedLine[];
  notes: string[];
}

/**
 * Picks dishes: those meeting every need (or, when none does, those meeting most of them, with a
 * note); the default cart's dishes first; one or two mains and one dish from each of up to three
 * other courses. Each course feeds every guest once, its dishes sharing the head count.
 */
export function composeSuggestion(input: {
  message: string;
  defaultHeadCount: number;
  menus: ComposerMenu[];
  chefs: ComposerChef[];
  /** menu ids of the preset's default cart, in order */
  defaultMenuIds: number[];
}): Composition {
  const parsed = parseHeadCount(input.message);
  const headCount = parsed ?? input.defaultHeadCount;
  const needs = parseDietaryNeeds(input.message);
  const notes: string[] = [
    parsed
      ? `Planned for ${headCount} people.`
      : `No head count given: planned for ${headCount} people, the preset's usual size.`,
  ];
  if (needs.length) notes.push(`Dietary needs: ${needs.join(', ')}.`);

  const meets = (m: ComposerMenu) => needs.filter((n) => m.dietary_types.includes(n)).length;
  const best = Math.max(0, ...input.menus.map(meets));
  let pool = input.menus.filter((m) => meets(m) === best);
  if (needs.length && best < needs.length) {
    const unmet = needs.filter((n) => !pool.some((m) => m.dietary_types.includes(n)));
    notes.push(
      `No dish meets every need at once${unmet.length ? `; none is ${unmet.join(' or ')}` : ''}: these come closest. Please ask the restaurant about substitutions.`,
    );
  }
  if (!pool.length) pool = input.menus;
  const rank = (m: ComposerMenu) => {
    const i = input.defaultMenuIds.indexOf(m.id);
    return i === -1 ? 1000 + m.position : i;
  };
  pool = [...pool].sort((a, b) => rank(a) - rank(b) || a.id - b.id);

  const mains = pool.filter((m) => MAIN_CATEGORIES.includes(m.category_name));
  const picked: ComposerMenu[] = [];
  const mainCategory = mains[0]?.category_name;
  picked.push(...mains.filter((m) => m.category_name === mainCategory).slice(0, 2));
  const seen = new Set(picked.map((m) => m.category_name));
  for (const m of pool) {
    if (picked.length >= 5) break;
    if (seen.has(m.category_name)) continue;
    seen.add(m.category_name);
    picked.push(m);
  }

  const perCategory = new Map<string, number>();
  for (const m of picked) perCategory.set(m.category_name, (perCategory.get(m.category_name) ?? 0) + 1);
  const lines: ComposedLine[] = picked.map((menu) => {
    const share = Math.ceil(headCount / (perCategory.get(menu.category_name) ?? 1));
    const quantity = Math.max(menu.min_order_amount, 1, Math.ceil(share / servesPerUnit(menu)));
    return { menu, quantity, menuItemsMapping: components(menu, quantity) };
  });

  // each chef's minimum: add units to that chef's first dish until it is met
  for (const chef of input.chefs) {
    const own = lines.filter((l) => l.menu.chef_id === chef.id);
    if (!own.length) continue;
    const subtotal = own.reduce((s, l) => s + l.menu.price_cents * l.quantity, 0);
    if (subtotal >= chef.minimumCents) continue;
    const first = own[0]!;
    const extra = Math.ceil((chef.minimumCents - subtotal) / Math.max(1, first.menu.price_cents));
    first.quantity += extra;
    first.menuItemsMapping = components(first.menu, first.quantity);
    notes.push(`Quantities raised to meet the restaurant's minimum order.`);
  }
  return { headCount, needs, lines, notes };
}

function components(menu: ComposerMenu, quantity: number): Record<string, number> {
  return Object.fromEntries(menu.menu_items.filter((i) => i.price_cents === 0).map((i) => [String(i.id), quantity]));
}
