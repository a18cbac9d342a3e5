// The deterministic demo-catalogue generator: seed + sizes -> plain rows, no I/O.
// Same seed and sizes -> identical rows on every machine (a PRNG of our own, no Math.random,
// no clock). Rows come out in batches (one block of up to 12 chefs of one city at a time) so
// the loader can stream a 10,000-restaurant catalogue without holding it all in memory.
import { bannerArtUrl, dishArtUrl, dishTypeOf, dishTypeOfArtUrl, itemArtUrl, type DishType } from '@caterway/domain';
import type { MenuItemRow, MenuRow } from '../catalogue-rows.js';
import { createRng, type Rng } from './prng.js';
import {
  CATEGORY,
  addOns,
  cities,
  concepts,
  dietName,
  firstNames,
  lastNames,
  multiChefTemplates,
  parseDish,
  presetPrefixes,
  sharedPools,
  tags,
  type City,
  type Concept,
  type DietCode,
  type DishSpec,
  type PresetTemplate,
} from './vocabulary.js';

/** The catalogue's sweetened carbonated or effervescent drinks: BC PST applies to them (migration 034). */
const SODA_BEVERAGES = new Set(['Assorted Soft Drinks', 'Kombucha (Ginger)']);

// ---------------------------------------------------------------- row shapes (snake_case = columns)
export interface StoreHoursDay {
  enabled: boolean;
  open: string;
  close: string;
}
export interface DeliveryFeeRange {
  min_km: number;
  max_km: number;
  fee_cents: number;
}

export interface ChefRow {
  id: number;
  slug: string;
  business_name: string;
  first_name: string;
  last_name: string;
  description: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: 'CA' | 'US';
  latitude: number;
  longitude: number;
  time_zone: string;
  profile_image_url: string;
  main_image_url: string;
  pre_order_notice_hours: number;
  pre_order_min_order_amount_cents: number;
  addon_maximum_items_qty: number;
  eft_enabled: boolean;
  delivery_radius_km: number;
  delivery_fee_ranges: DeliveryFeeRange[];
  store_hours: Record<string, StoreHoursDay>;
  cuisine_types: string[];
}

export type { MenuItemRow, MenuRow } from '../catalogue-rows.js';

export interface PresetRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  preset_type: 'restaurant' | 'catering';
  banner_image_url: string;
  search_result_image_url: string;
  number_of_guests: number;
  price_per_person_cents: number;
  minimum_order_amount_cents: number;
  order_count: number;
  average_rating: number;
  /** reviews behind the rating: about one for every three orders (migration 053) */
  rating_count: number;
  serving_styles: string[];
  category_names: string[];
  cuisine_types: string[];
  dietary_types: string[];
}

export interface PresetChefRow {
  preset_id: number;
  chef_id: number;
  position: number;
}
/** tags are referenced by name; the loader maps names to ids */
export interface PresetTagRow {
  preset_id: number;
  tag_name: string;
}
export interface PresetItemRow {
  id: number;
  preset_id: number;
  chef_id: number;
  menu_id: number;
  quantity: number;
  special_instruction: string;
  /** { "<menu item id>": quantity } */
  menu_items_mapping: Record<string, number>;
  /** how the line is served and whom it feeds (ordering-payments §3 'Preset item' servingDetails) */
  serving_details: string;
  position: number;
}

/** A preset line's servingDetails; migration 030 writes the same text for rows loaded before it. */
export function servingDetails(menuType: 'single' | 'other', serves: number, quantity: number): string {
  return menuType === 'single'
    ? `${quantity} individually packaged ${quantity === 1 ? 'portion' : 'portions'}, one per guest.`
    : `${quantity} ${quantity === 1 ? 'tray' : 'trays'}, each serving about ${serves} guests.`;
}

export interface CatalogueBatch {
  chefs: ChefRow[];
  menus: MenuRow[];
  menuItems: MenuItemRow[];
  presets: PresetRow[];
  presetChefs: PresetChefRow[];
  presetTags: PresetTagRow[];
  presetItems: PresetItemRow[];
}

export interface CatalogueOptions {
  seed: number;
  restaurants: number;
  /** total menu items (options/components of dishes); default 32 per restaurant */
  menuItems?: number;
  /** total presets including one 'restaurant' preset per chef; default 4.5 per restaurant */
  presets?: number;
  /** ids continue after these (the loader passes the current maximum of each table) */
  idBase?: Partial<Record<'chef' | 'menu' | 'menuItem' | 'preset' | 'presetItem', number>>;
}

export const DEMO_SEED = 20261122;
/** The demo marketplace: 72 restaurants over six cities, ~320+ presets. */
export const demoOptions: CatalogueOptions = { seed: DEMO_SEED, restaurants: 72 };

export function resolveOptions(options: CatalogueOptions): Required<Omit<CatalogueOptions, 'idBase'>> {
  const restaurants = Math.max(0, Math.floor(options.restaurants));
  return {
    seed: options.seed,
    restaurants,
    menuItems: Math.max(0, Math.floor(options.menuItems ?? restaurants * 32)),
    presets: Math.max(restaurants, Math.floor(options.presets ?? Math.round(restaurants * 4.5))),
  };
}

// ---------------------------------------------------------------- helpers
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const MAIN_CATEGORIES = new Set<string>([CATEGORY.mains, CATEGORY.bowls, CATEGORY.sandwiches, CATEGORY.breakfast]);
const EARLY_CONCEPTS = new Set(['breakfast', 'french', 'deli', 'healthy', 'canadian']);

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Splits total into n integer parts that differ by at most one (first parts get the extra). */
function share(total: number, n: number, i: number): number {
  return Math.floor(total / n) + (i < total % n ? 1 : 0);
}

/** Prices end in .00, .50, .95 or .45 like a real menu. */
function menuPrice(cents: number, rng: Rng): number {
  const half = Math.max(50, Math.round(cents / 50) * 50);
  return half >= 500 && rng.chance(0.4) ? half - 5 : half;
}

function hhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

function postalCode(city: City, fsaOrZip: string, rng: Rng): string {
  if (city.country === 'US') return fsaOrZip;
  return `${fsaOrZip} ${rng.int(1, 9)}${rng.pick([...CA_LETTERS])}${rng.int(0, 9)}`;
}

function dietNames(codes: Iterable<DietCode>): string[] {
  const order = Object.keys(dietName);
  return [...new Set(codes)].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((c) => dietName[c] as string);
}

function union(lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/** Dishes a concept can offer, grouped by category: its own first, then its shared pools. */
function conceptDishes(concept: Concept): Map<string, DishSpec[]> {
  const byCategory = new Map<string, DishSpec[]>();
  const add = (category: string, line: string) => {
    const list = byCategory.get(category) ?? [];
    if (!list.some((d) => d.name === parseDish(category, line).name)) list.push(parseDish(category, line));
    byCategory.set(category, list);
  };
  for (const [category, lines] of Object.entries(concept.dishes)) for (const line of lines ?? []) add(category, line);
  for (const pool of concept.shared) {
    for (const [category, lines] of Object.entries(sharedPools[pool])) for (const line of lines) add(category, line);
  }
  return byCategory;
}
const dishCache = new Map<string, Map<string, DishSpec[]>>();
function dishesOf(concept: Concept): Map<string, DishSpec[]> {
  let cached = dishCache.get(concept.key);
  if (!cached) {
    cached = conceptDishes(concept);
    dishCache.set(concept.key, cached);
  }
  return cached;
}

/** City counts by weight with largest remainders, so they always add up to n. */
export function cityCounts(n: number): number[] {
  const total = cities.reduce((sum, c) => sum + c.weight, 0);
  const exact = cities.map((c) => (n * c.weight) / total);
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let left = n - counts.reduce((a, b) => a + b, 0);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}

// ---------------------------------------------------------------- the generator
interface ChefContext {
  chef: ChefRow;
  concept: Concept;
  city: City;
  menus: MenuRow[];
  /** menu id -> its items */
  items: Map<number, MenuItemRow[]>;
  specs: Map<number, DishSpec>;
  catering: number;
  cateringIndex: number;
}

const BLOCK = 12;

/**
 * Yields the catalogue in batches. Concatenating every batch gives the whole catalogue;
 * batching never changes the rows (each block of chefs has its own PRNG stream).
 */
export function* generateCatalogue(options: CatalogueOptions): Generator<CatalogueBatch> {
  const { seed, restaurants, menuItems: totalItems, presets: totalPresets } = resolveOptions(options);
  const base = { chef: 0, menu: 0, menuItem: 0, preset: 0, presetItem: 0, ...options.idBase };
  const ids = { ...base };
  const usedNames = new Map<string, number>();
  const usedSlugs = new Set<string>();
  const totalCatering = totalPresets - restaurants;
  const counts = cityCounts(restaurants);
  let chefIndex = 0;

  for (const [ci, city] of cities.entries()) {
    const cityCount = counts[ci] as number;
    if (!cityCount) continue;
    const cityRng = createRng(`${seed}:${city.key}:concepts`);
    const conceptOrder = cityRng.shuffle(concepts);
    for (let start = 0; start < cityCount; start += BLOCK) {
      const rng = createRng(`${seed}:${city.key}:block:${start / BLOCK}`);
      const batch: CatalogueBatch = {
        chefs: [],
        menus: [],
        menuItems: [],
        presets: [],
        presetChefs: [],
        presetTags: [],
        presetItems: [],
      };
      const block: ChefContext[] = [];
      for (let k = start; k < Math.min(cityCount, start + BLOCK); k++) {
        const concept = conceptOrder[k % conceptOrder.length] as Concept;
        const use = Math.floor(k / conceptOrder.length);
        const ctx = makeChef(rng, city, concept, ci + use * cities.length, ++ids.chef, usedNames, usedSlugs);
        ctx.catering = share(totalCatering, restaurants, chefIndex);
        makeMenus(rng, ctx, share(totalItems, restaurants, chefIndex), ids);
        // the banner shows the restaurant's own dishes (decision 074)
        ctx.chef.main_image_url = bannerArtUrl('chef-banner', ctx.chef.id, menuTypes(ctx.menus));
        chefIndex++;
        block.push(ctx);
        batch.chefs.push(ctx.chef);
        batch.menus.push(...ctx.menus);
        for (const list of ctx.items.values()) batch.menuItems.push(...list);
      }
      for (const ctx of block) {
        addPreset(batch, rng, ids, restaurantPreset(rng, ctx));
        const templates = cateringTemplates(rng, ctx);
        for (let i = 0; i < ctx.catering; i++) {
          const partners = block.filter((o) => o !== ctx);
          if (partners.length && rng.chance(0.15)) {
            addPreset(batch, rng, ids, multiChefPreset(rng, ctx, rng.sample(partners, rng.int(1, 2))));
          } else {
            addPreset(
              batch,
              rng,
              ids,
              cateringPreset(
                rng,
                ctx,
                templates[i % templates.length] as PresetTemplate,
                Math.floor(i / templates.length),
              ),
            );
          }
        }
      }
      yield batch;
    }
  }
}

/** The whole catalogue in memory (tests, small sizes). */
export function generateCatalogueInMemory(options: CatalogueOptions): CatalogueBatch {
  const all: CatalogueBatch = {
    chefs: [],
    menus: [],
    menuItems: [],
    presets: [],
    presetChefs: [],
    presetTags: [],
    presetItems: [],
  };
  for (const batch of generateCatalogue(options)) {
    for (const key of Object.keys(all) as (keyof CatalogueBatch)[]) (all[key] as unknown[]).push(...batch[key]);
  }
  return all;
}

function makeChef(
  rng: Rng,
  city: City,
  concept: Concept,
  nameIndex: number,
  id: number,
  usedNames: Map<string, number>,
  usedSlugs: Set<string>,
): ChefContext {
  const street = rng.pick(city.streets);
  let name = concept.names[nameIndex % concept.names.length] as string;
  if (usedNames.has(name)) name = `${name} – ${street.area}`;
  const seen = usedNames.get(name) ?? 0;
  usedNames.set(name, seen + 1);
  if (seen) name = `${name} ${seen + 1}`;
  let slug = slugify(name);
  if (usedSlugs.has(slug)) slug = `${slug}-${city.key}`;
  for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${city.key}-${n}`;
  usedSlugs.add(slug);

  const early = EARLY_CONCEPTS.has(concept.key);
  const open = early ? rng.pick([390, 420, 450]) : rng.pick([600, 630, 660]);
  const close = early ? rng.pick([900, 960, 1020]) : rng.pick([1200, 1260, 1320]);
  const pattern = rng.weighted([
    ['weekdays', 35],
    ['no-sunday', 35],
    ['no-monday', 15],
    ['all-week', 15],
  ] as const);
  const storeHours: Record<string, StoreHoursDay> = {};
  for (const day of WEEKDAYS) {
    const closed =
      (pattern === 'weekdays' && (day === 'saturday' || day === 'sunday')) ||
      (pattern === 'no-sunday' && day === 'sunday') ||
      (pattern === 'no-monday' && day === 'monday');
    const weekend = day === 'saturday' || day === 'sunday';
    storeHours[day] = {
      enabled: !closed,
      open: hhmm(weekend ? open + 60 : open),
      close: hhmm(weekend ? Math.min(close, 1080) : close),
    };
  }

  const radius = city.country === 'US' ? rng.pick([8, 10, 12, 15]) : rng.pick([10, 15, 20, 25]);
  const ranges: DeliveryFeeRange[] = [];
  let fee = rng.pick([800, 1000, 1200, 1500]);
  const step = rng.pick([300, 500, 700]);
  for (const [min, max] of [
    [0, 3],
    [3, 6],
    [6, 10],
    [10, 15],
    [15, 20],
    [20, 25],
  ] as const) {
    if (min >= radius) break;
    ranges.push({ min_km: min, max_km: Math.min(max, radius), fee_cents: fee });
    fee += step;
  }

  const first = rng.pick(firstNames);
  const last = rng.pick(lastNames);
  const initials =
    name
      .replace(/[^A-Za-z ]/g, '')
      .split(' ')
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toLowerCase() || 'cw';
  const extra = rng.pick([
    'Everything arrives labelled with ingredients and allergens.',
    'Packaging is compostable and every order includes cutlery on request.',
    'Trusted by teams from ten to two hundred people.',
    'Gluten-free and nut-free requests are handled with care.',
    'Menus change with the seasons; the favourites stay.',
  ]);
  const chef: ChefRow = {
    id,
    slug,
    business_name: name,
    first_name: first,
    last_name: last,
    description: `${rng.pick(concept.blurbs)} Cooking on ${street.name} in ${street.area}, ${city.name}. ${extra}`,
    address1: `${rng.int(city.country === 'US' ? 10 : 20, city.key === 'montreal' ? 3200 : 980)} ${street.name}`,
    address2: rng.chance(0.3)
      ? `${rng.pick(['Unit', 'Suite'])} ${rng.int(1, 4)}${String(rng.int(1, 20)).padStart(2, '0')}`
      : '',
    city: city.name,
    province: city.province,
    zip: postalCode(city, street.postal, rng),
    country: city.country,
    latitude: round(street.lat + (rng.next() - 0.5) * 0.012, 6),
    longitude: round(street.lng + (rng.next() - 0.5) * 0.016, 6),
    time_zone: city.timeZone,
    profile_image_url: `/media/art/chef-profile/${id}-${initials}.svg`,
    main_image_url: `/media/art/chef-banner/${id}.svg`,
    pre_order_notice_hours: rng.weighted([
      [24, 3],
      [48, 1],
    ] as const),
    pre_order_min_order_amount_cents: rng.weighted([
      [5000, 3],
      [7500, 3],
      [10000, 3],
      [15000, 2],
      [20000, 1],
    ] as const),
    addon_maximum_items_qty: rng.pick([5, 10, 10, 15, 20]),
    eft_enabled: city.country === 'CA' && rng.chance(0.4),
    delivery_radius_km: radius,
    delivery_fee_ranges: ranges,
    store_hours: storeHours,
    cuisine_types: [...concept.cuisines],
  };
  return { chef, concept, city, menus: [], items: new Map(), specs: new Map(), catering: 0, cateringIndex: 0 };
}

/** The dish types a banner can show: the live dishes' pictures, in menu order. */
function menuTypes(menus: MenuRow[]): DishType[] {
  return menus.filter((m) => !m.is_deleted).map((m) => dishTypeOfArtUrl(m.main_image_url) ?? 'plate');
}

function makeMenus(rng: Rng, ctx: ChefContext, itemBudget: number, ids: { menu: number; menuItem: number }): void {
  const byCategory = dishesOf(ctx.concept);
  // round-robin over categories so every chef covers its concept's categories
  const queues = [...byCategory.entries()].map(([category, list]) => [category, rng.shuffle(list)] as const);
  const available = queues.reduce((sum, [, l]) => sum + l.length, 0);
  const wanted = Math.round(itemBudget / 2.4);
  const menuCount = Math.min(available, Math.max(4, wanted));
  const picked: DishSpec[] = [];
  for (let round = 0; picked.length < menuCount; round++) {
    for (const [, list] of queues) {
      if (picked.length >= menuCount) break;
      const dish = list[round];
      if (dish) picked.push(dish);
    }
  }
  const categoryOrder = [...byCategory.keys()];
  picked.sort((a, b) => categoryOrder.indexOf(a.category) - categoryOrder.indexOf(b.category));
  const chefFactor = 0.9 + rng.next() * 0.25;
  const level = ctx.city.priceLevel * chefFactor;
  picked.forEach((dish, position) => {
    const id = ++ids.menu;
    const type = dishTypeOf({ name: dish.name, category: dish.category, cuisines: ctx.concept.cuisines });
    const comps = dish.components.length
      ? ` with ${dish.components.slice(0, -1).join(', ').toLowerCase()}${dish.components.length > 1 ? ' and ' : ''}${(dish.components.at(-1) ?? '').toLowerCase()}`
      : '';
    const menu: MenuRow = {
      id,
      chef_id: ctx.chef.id,
      name: dish.name,
      description:
        dish.menuType === 'other'
          ? `Serves about ${dish.serves}. Comes${comps || ' ready to share'}.`
          : `Made to order${comps}.`,
      category_name: dish.category,
      menu_type: dish.menuType,
      tax_category: SODA_BEVERAGES.has(dish.name) ? 'soda_beverage' : 'prepared_food',
      price_cents: menuPrice(dish.priceCents * level, rng),
      min_order_amount:
        dish.menuType === 'other'
          ? 1
          : rng.weighted([
              [1, 4],
              [5, 4],
              [10, 1],
            ] as const),
      dietary_types: dietNames(dish.diets),
      main_image_url: dishArtUrl(id, { name: dish.name, category: dish.category, cuisines: ctx.concept.cuisines }),
      // a few retired dishes, never in a default cart (spec: Menu.isDeleted)
      is_deleted: position >= 3 && rng.chance(0.03),
      position,
    };
    ctx.menus.push(menu);
    ctx.specs.set(id, dish);
    const count = share(itemBudget, picked.length, position);
    const options: { name: string; price: number; diets: DietCode[] }[] = [
      ...dish.components.map((c) => ({ name: c, price: 0, diets: dish.diets })),
      ...(addOns[dish.category] ?? []).map(([n, p, d]) => ({
        name: n,
        price: menuPrice(p * 100 * level, rng) * (p === 0 ? 0 : 1),
        diets: d,
      })),
    ];
    const items: MenuItemRow[] = [];
    for (let i = 0; i < count; i++) {
      const option = options[i % options.length] ?? { name: 'House option', price: 0, diets: [] };
      const itemId = ++ids.menuItem;
      const name = i < options.length ? option.name : `${option.name} (option ${Math.floor(i / options.length) + 1})`;
      items.push({
        id: itemId,
        menu_id: id,
        name,
        price_cents: option.price,
        dietary_types: dietNames(option.diets),
        main_image_url: itemArtUrl(itemId, name, type),
        position: i,
      });
    }
    ctx.items.set(id, items);
  });
}

interface Line {
  ctx: ChefContext;
  menu: MenuRow;
}

interface PresetDraft {
  name: string;
  description: string;
  type: 'restaurant' | 'catering';
  slug?: string;
  groups: string[];
  guests: number;
  lines: Line[];
  chefs: ChefContext[];
  bannerUrl?: string;
}

function pickMenus(
  rng: Rng,
  ctx: ChefContext,
  category: string,
  count: number,
  diet?: DietCode,
  exclude = new Set<number>(),
): MenuRow[] {
  const wantDiet = diet ? dietName[diet] : undefined;
  const candidates = ctx.menus.filter(
    (m) =>
      !m.is_deleted &&
      m.category_name === category &&
      !exclude.has(m.id) &&
      (!wantDiet || m.dietary_types.includes(wantDiet)),
  );
  return rng.sample(candidates, count);
}

/** Signature templates first (in the concept's order), then the rest shuffled. */
function cateringTemplates(rng: Rng, ctx: ChefContext): PresetTemplate[] {
  const list = ctx.concept.presets;
  return [...list.slice(0, 2), ...rng.shuffle(list.slice(2))];
}

function restaurantPreset(rng: Rng, ctx: ChefContext): PresetDraft {
  const used = new Set<number>();
  const lines: Line[] = [];
  const take = (categories: string[], n: number) => {
    for (const category of rng.shuffle(categories)) {
      for (const menu of pickMenus(
        rng,
        ctx,
        category,
        n - lines.filter((l) => categories.includes(l.menu.category_name)).length,
        undefined,
        used,
      )) {
        used.add(menu.id);
        lines.push({ ctx, menu });
      }
    }
  };
  take([CATEGORY.mains, CATEGORY.bowls, CATEGORY.sandwiches, CATEGORY.breakfast], 2);
  take([CATEGORY.salads, CATEGORY.sides, CATEGORY.soups, CATEGORY.platters], 1);
  take([CATEGORY.desserts, CATEGORY.drinks], 1);
  return {
    name: ctx.chef.business_name,
    description: ctx.chef.description,
    type: 'restaurant',
    slug: ctx.chef.slug,
    groups: [],
    guests: 10,
    lines,
    chefs: [ctx],
    bannerUrl: ctx.chef.main_image_url,
  };
}

function cateringPreset(rng: Rng, ctx: ChefContext, template: PresetTemplate, repeat: number): PresetDraft {
  const used = new Set<number>();
  const lines: Line[] = [];
  for (const [category, count, diet] of template.lines) {
    for (const menu of pickMenus(rng, ctx, category, count, diet, used)) {
      used.add(menu.id);
      lines.push({ ctx, menu });
    }
  }
  const name =
    repeat === 0
      ? template.name
      : `${presetPrefixes[(repeat - 1 + ctx.chef.id) % presetPrefixes.length]} ${template.name}`;
  return {
    name,
    description: `${template.description} Prepared by ${ctx.chef.business_name.replace(/\.$/, '')}.`,
    type: 'catering',
    groups: template.groups,
    guests: rng.pick(template.guests),
    lines,
    chefs: [ctx],
  };
}

function multiChefPreset(rng: Rng, lead: ChefContext, partners: ChefContext[]): PresetDraft {
  const template = rng.pick(multiChefTemplates);
  const team = [lead, ...partners];
  const used = new Set<number>();
  const lines: Line[] = [];
  template.lines.forEach(([category, count], i) => {
    // spread the lines over the kitchens: start with a different chef for each line
    for (let j = 0; j < team.length; j++) {
      const ctx = team[(i + j) % team.length] as ChefContext;
      const menus = pickMenus(rng, ctx, category, count, undefined, used);
      if (!menus.length) continue;
      for (const menu of menus) {
        used.add(menu.id);
        lines.push({ ctx, menu });
      }
      break;
    }
  });
  const chefs = team.filter((c) => lines.some((l) => l.ctx === c));
  return {
    name: `${lead.city.name} ${template.name}`,
    description: `${template.description} From ${chefs.map((c) => c.chef.business_name.replace(/\.$/, '')).join(' and ')}.`,
    type: 'catering',
    groups: template.groups,
    guests: rng.pick([12, 15, 20, 25]),
    lines,
    chefs: chefs.length ? chefs : [lead],
  };
}

const SIDE_CATEGORIES = new Set<string>([CATEGORY.salads, CATEGORY.sides, CATEGORY.soups, CATEGORY.platters]);
function course(category: string): 'main' | 'side' | 'extra' {
  return MAIN_CATEGORIES.has(category) ? 'main' : SIDE_CATEGORIES.has(category) ? 'side' : 'extra';
}

/**
 * Quantities of a default cart: each course (mains, sides, desserts and drinks) feeds every
 * guest once, its lines sharing the head count; trays count by the guests they serve; a menu's
 * minimum quantity always holds.
 */
function cartQuantities(lines: Line[], guests: number): number[] {
  const perCourse = new Map<string, number>();
  for (const l of lines)
    perCourse.set(course(l.menu.category_name), (perCourse.get(course(l.menu.category_name)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const c = course(l.menu.category_name);
    const index = seen.get(c) ?? 0;
    seen.set(c, index + 1);
    const covered = share(guests, perCourse.get(c) as number, index);
    const serves = (l.ctx.specs.get(l.menu.id) as DishSpec).serves;
    const units = l.menu.menu_type === 'other' ? Math.ceil(covered / serves) : covered;
    return Math.max(l.menu.min_order_amount, units, 1);
  });
}

function addPreset(
  batch: CatalogueBatch,
  rng: Rng,
  ids: { preset: number; presetItem: number },
  draft: PresetDraft,
): void {
  // a preset always has a cart: fall back to the lead chef's first available dishes
  if (!draft.lines.length) {
    const lead = draft.chefs[0] as ChefContext;
    draft.lines = lead.menus
      .filter((m) => !m.is_deleted)
      .slice(0, 2)
      .map((menu) => ({ ctx: lead, menu }));
  }
  const id = ++ids.preset;
  const minimum = Math.max(...draft.chefs.map((c) => c.chef.pre_order_min_order_amount_cents));
  // grow the head count until the default cart meets the kitchens' minimum order
  let guests = draft.guests;
  let quantities: number[] = [];
  let total = 0;
  for (;;) {
    quantities = cartQuantities(draft.lines, guests);
    total = draft.lines.reduce((sum, l, i) => sum + l.menu.price_cents * (quantities[i] as number), 0);
    if (total >= minimum || guests >= 60) break;
    guests += 5;
  }
  const popularity = rng.next() ** 2.5;
  const orderCount = Math.floor(popularity * (draft.type === 'restaurant' ? 2400 : 900)) + rng.int(0, 12);
  const hasSingle = draft.lines.some((l) => l.menu.menu_type === 'single');
  const hasTray = draft.lines.some((l) => l.menu.menu_type === 'other');
  const styles =
    draft.type === 'restaurant' || (hasSingle && hasTray) || rng.chance(0.35)
      ? ['Individually Packaged', 'Family Style']
      : [hasTray ? 'Family Style' : 'Individually Packaged'];
  const firstMenu = (draft.lines[0] as Line).menu;
  batch.presets.push({
    id,
    slug: draft.slug ?? `${slugify(draft.name)}-${id}`,
    name: draft.name,
    description: draft.description,
    preset_type: draft.type,
    banner_image_url: draft.bannerUrl ?? bannerArtUrl('preset', id, menuTypes(draft.lines.map((l) => l.menu))),
    search_result_image_url: firstMenu.main_image_url,
    number_of_guests: guests,
    price_per_person_cents: Math.round(total / guests),
    minimum_order_amount_cents: minimum,
    order_count: orderCount,
    average_rating: round(Math.min(5, 3.5 + 1.5 * (1 - rng.next() ** 1.6) * 0.7 + popularity * 0.45), 2),
    rating_count: Math.ceil(orderCount / 3),
    serving_styles: styles,
    category_names: draft.groups,
    cuisine_types: union(draft.chefs.map((c) => c.chef.cuisine_types)),
    dietary_types:
      draft.type === 'restaurant'
        ? dietNames(
            draft.lines[0]!.ctx.menus.filter((m) => !m.is_deleted).flatMap(
              (m) => (draft.lines[0]!.ctx.specs.get(m.id) as DishSpec).diets,
            ),
          )
        : dietNames(draft.lines.flatMap((l) => (l.ctx.specs.get(l.menu.id) as DishSpec).diets)),
  });
  draft.chefs.forEach((c, position) => batch.presetChefs.push({ preset_id: id, chef_id: c.chef.id, position }));
  for (const tag of rng.sample(
    tags,
    rng.weighted([
      [0, 3],
      [1, 4],
      [2, 2],
    ] as const),
  ))
    batch.presetTags.push({ preset_id: id, tag_name: tag.name });
  draft.lines.forEach((line, position) => {
    const quantity = quantities[position] as number;
    // the default cart takes each included component (price 0) once per unit, no paid extras,
    // so its total is quantity x menu price whatever way a cart line adds item prices
    const components = (line.ctx.specs.get(line.menu.id) as DishSpec).components.length;
    const mapping: Record<string, number> = {};
    for (const item of line.ctx.items.get(line.menu.id) ?? [])
      if (item.position < components && item.price_cents === 0) mapping[String(item.id)] = quantity;
    batch.presetItems.push({
      id: ++ids.presetItem,
      preset_id: id,
      chef_id: line.ctx.chef.id,
      menu_id: line.menu.id,
      quantity,
      special_instruction: '',
      menu_items_mapping: mapping,
      serving_details: servingDetails(
        line.menu.menu_type,
        (line.ctx.specs.get(line.menu.id) as DishSpec).serves,
        quantity,
      ),
      position,
    });
  });
}
