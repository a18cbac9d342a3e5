import {
  editorDietaryTags,
  priorityAllergens,
  type PartnerDish,
  type PartnerMenu,
  type PartnerPreset,
  type PartnerRestaurant,
} from '@caterway/contracts';
import {
  dishTypeOf,
  dishTypeOfArtUrl,
  formatCents,
  lineSubtotalCents,
  priceCart,
  type PricingMenu,
} from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import { servingDetails } from '../../db/seed/generator.js';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import {
  createCatalogueChangesService,
  type AuditEntry,
  type RestaurantActor,
} from '../catalogue-changes/catalogue-changes.service.js';
import {
  createMenuEditorRepository,
  type ChefMenuInfo,
  type DishFields,
  type DishRow,
  type OptionFields,
  type PresetLineWrite,
  type PresetRow,
} from './menu-editor.repository.js';

// The menu editor's use cases (issue 19 part 3, decision 052). Each write is one transaction
// that changes the rows, keeps the presets' derived fields (price per person, dietary tags,
// serving details) as the seed generator computes them, and records the change with
// record(..., { catalogue: true }) so every instance drops the restaurant's cached catalogue.

export const menuEditorMessages = {
  staleDish:
    'Someone changed this dish on another device since you opened it. Reload the menu to see their change, then make yours again.',
  dishNotFound: 'That dish is not on this restaurant’s menu.',
  optionNotFound: 'That option is not on this dish.',
  unknownCategory: (name: string) => `There is no category “${name}”. Add it in Categories first.`,
  categoryExists: (name: string) => `There is already a category “${name}”.`,
  categoryNotEmpty: (name: string, count: number) =>
    `“${name}” still has ${count} ${count === 1 ? 'dish' : 'dishes'}. Move or delete ${count === 1 ? 'it' : 'them'} first, then delete the category.`,
  categoryOrder: 'Send every category once, in the new order.',
  inPresets: (dish: string, presets: string[]) =>
    `${dish} is in the preset${presets.length === 1 ? '' : 's'} ${presets.join(', ')}. Take it out of ${presets.length === 1 ? 'that preset' : 'those presets'} first, then delete it.`,
  presetNotFound: 'That preset is not one of this restaurant’s catering presets.',
  sharedPreset: (others: string) =>
    `This preset is shared with ${others}; only Caterway operations can change it. Write to support to change it.`,
  presetDish: (id: number) => `Dish ${id} is not on this restaurant’s menu.`,
  presetOption: (dish: string, id: string) => `Option ${id} is not an option of ${dish}.`,
  presetQuantity: (dish: string, min: number) => `${dish}: order at least ${min}.`,
  presetDuplicate: (dish: string) => `${dish} is in the preset twice; keep one line per dish.`,
  presetMinimum: (total: number, minimum: number) =>
    `This preset comes to ${formatCents(total)}, under the restaurant’s minimum order of ${formatCents(minimum)}. Add dishes or guests.`,
} as const;

const EDITOR_TAGS = new Set<string>(editorDietaryTags);

/** The editor writes the seven tags; tags it does not offer (Keto, Pescatarian, ...) stay as they were. */
export function mergeDietary(chosen: readonly string[], before: readonly string[]): string[] {
  const kept = before.filter((t) => !EDITOR_TAGS.has(t));
  return [...editorDietaryTags.filter((t) => chosen.includes(t)), ...kept];
}

const FIELD_LABELS: Partial<Record<keyof DishFields, string>> = {
  name: 'Name',
  description: 'Description',
  serves: 'Serves',
  min_order_amount: 'Minimum quantity',
  menu_type: 'Type',
  dietary_types: 'Dietary tags',
  allergens: 'Allergens',
  lead_time_hours: 'Lead time',
  tax_category: 'Tax category',
  category_name: 'Category',
};

const show = (key: keyof DishFields, value: DishFields[keyof DishFields]): string => {
  if (key === 'price_cents') return formatCents(value as number);
  if (key === 'lead_time_hours') return value === null ? 'restaurant’s notice' : `${value as number} h`;
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  const text = String(value);
  if (key === 'description') return `“${text.slice(0, 40)}${text.length > 40 ? '…' : ''}”`;
  return text;
};

/** "Price of Butter Chicken Tray: $89.00 → $94.00; Serves: 10 → 12" */
export function dishChangeSummary(before: DishFields, after: DishFields): string {
  const parts: string[] = [];
  for (const key of Object.keys(after) as (keyof DishFields)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key === 'price_cents')
      parts.unshift(`Price of ${before.name}: ${show(key, before[key])} → ${show(key, after[key])}`);
    else parts.push(`${FIELD_LABELS[key]} of ${before.name}: ${show(key, before[key])} → ${show(key, after[key])}`);
  }
  return parts.length ? parts.join('; ') : `${before.name}: no change`;
}

const fieldsOf = (d: DishRow): DishFields => ({
  name: d.name,
  description: d.description,
  price_cents: d.price_cents,
  serves: d.serves,
  min_order_amount: d.min_order_amount,
  menu_type: d.menu_type,
  dietary_types: d.dietary_types,
  allergens: d.allergens,
  lead_time_hours: d.lead_time_hours,
  tax_category: d.tax_category,
  category_name: d.category_name,
});

const toDish = (d: DishRow): PartnerDish => ({ ...d });

export interface PresetInput {
  name: string;
  description: string;
  number_of_guests: number;
  is_active: boolean;
  lines: { menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }[];
}

type Dishes = Map<number, DishRow & { is_deleted: boolean }>;

/** The preset's derived fields and lines, as the seed generator computes them (db/seed/generator.ts addPreset). */
export function derivePreset(input: PresetInput, dishes: Dishes, chefs: ChefMenuInfo[]) {
  const lines: PresetLineWrite[] = [];
  let total = 0;
  const diets: string[] = [];
  for (const line of input.lines) {
    const dish = dishes.get(line.menu_id);
    if (!dish) continue;
    const options = new Set(dish.options.map((o) => String(o.id)));
    const mapping = Object.fromEntries(
      Object.entries(line.menu_items_mapping).filter(([id, q]) => options.has(id) && q > 0),
    );
    const pricing: PricingMenu = {
      id: dish.id,
      priceCents: dish.price_cents,
      menuItems: dish.options.map((o) => ({ id: o.id, priceCents: o.price_cents })),
      taxCategory: dish.tax_category,
    };
    const [priced] = priceCart(
      [{ menuId: dish.id, quantity: line.quantity, menuItemsMapping: mapping }],
      new Map([[dish.id, pricing]]),
    );
    total += lineSubtotalCents(priced!);
    for (const d of dish.dietary_types) if (!diets.includes(d)) diets.push(d);
    lines.push({
      chef_id: dish.chef_id,
      menu_id: dish.id,
      quantity: line.quantity,
      menu_items_mapping: mapping,
      serving_details: servingDetails(dish.menu_type, dish.serves, line.quantity),
    });
  }
  const kinds = new Set(lines.map((l) => dishes.get(l.menu_id)!.menu_type));
  const cuisines: string[] = [];
  for (const c of chefs) for (const t of c.cuisine_types) if (!cuisines.includes(t)) cuisines.push(t);
  return {
    lines,
    total,
    derived: {
      name: input.name,
      description: input.description,
      number_of_guests: input.number_of_guests,
      is_active: input.is_active,
      price_per_person_cents: Math.round(total / input.number_of_guests),
      minimum_order_amount_cents: Math.max(0, ...chefs.map((c) => c.pre_order_min_order_amount_cents)),
      dietary_types: diets,
      cuisine_types: cuisines,
      serving_styles:
        kinds.size > 1
          ? ['Individually Packaged', 'Family Style']
          : [kinds.has('other') ? 'Family Style' : 'Individually Packaged'],
      search_result_image_url: dishes.get(lines[0]?.menu_id ?? 0)?.main_image_url ?? '',
      // the generated banner shows the preset's dishes (decision 074)
      banner_types: lines.map((l) => {
        const dish = dishes.get(l.menu_id)!;
        return dishTypeOfArtUrl(dish.main_image_url) ?? dishTypeOf({ name: dish.name, category: dish.category_name });
      }),
    },
  };
}

export function createMenuEditorService(deps: { db: Db }) {
  const repo = createMenuEditorRepository(deps.db);
  const changes = createCatalogueChangesService(deps.db);

  async function menu(chefId: number, tx: Queryable = deps.db): Promise<PartnerMenu> {
    // one after the other: tx may be a transaction's client
    const chef = await repo.chef(chefId, tx);
    const categories = await repo.categories(chefId, tx);
    const dishes = await repo.dishes(chefId, tx);
    const known = new Set(categories.map((c) => c.name));
    // a dish whose category has no row (written outside the editor) still shows, after the others
    const orphans = [...new Set(dishes.map((d) => d.category_name).filter((n) => !known.has(n)))];
    const all = [...categories, ...orphans.map((name, i) => ({ name, position: categories.length + i }))];
    return {
      categories: all.map((c) => ({
        name: c.name,
        position: c.position,
        dishes: dishes.filter((d) => d.category_name === c.name).map(toDish),
      })),
      notice_hours: chef.pre_order_notice_hours,
      dietary_tags: [...editorDietaryTags],
      allergens: [...priorityAllergens],
    };
  }

  /** One writer of the restaurant's categories and positions at a time; categories dishes name are adopted first. */
  async function lockMenu(chefId: number, tx: Queryable): Promise<void> {
    await repo.lockMenu(chefId, tx);
    await repo.adoptCategories(chefId, tx);
  }

  async function requireDish(chefId: number, dishId: number, tx: Queryable, lock = false): Promise<DishRow> {
    const dish = await repo.dish(chefId, dishId, tx, lock);
    if (!dish) throw notFound(menuEditorMessages.dishNotFound);
    return dish;
  }

  async function requireCategory(chefId: number, name: string, tx: Queryable): Promise<void> {
    const categories = await repo.categories(chefId, tx);
    if (!categories.some((c) => c.name === name)) throw validationFailed([menuEditorMessages.unknownCategory(name)]);
  }

  /**
   * After a dish or option changed: every catering preset with the restaurant's dishes gets its
   * price per person, dietary tags and serving details again, and the restaurant's page its tags.
   * Other restaurants of a shared preset see their catalogue version bumped too.
   */
  async function refreshPresets(chefId: number, tx: Queryable): Promise<void> {
    await repo.refreshRestaurantPresetDiets(chefId, tx);
    const held = await repo.presetIdsHoldingChef(chefId, tx);
    const others = new Set<number>();
    for (const { id, chef_id } of held) {
      const preset = await repo.preset(chef_id, id, tx);
      if (!preset) continue;
      const dishes = await repo.dishesById(
        preset.lines.map((l) => l.menu_id),
        tx,
      );
      const chefs = await repo.chefsById(preset.chef_ids, tx);
      const { lines, derived } = derivePreset(
        { ...preset, lines: preset.lines.filter((l) => !dishes.get(l.menu_id)?.is_deleted) },
        dishes,
        chefs,
      );
      await repo.writePreset(id, derived, tx);
      await repo.writeServingDetails(id, lines, tx);
      for (const c of preset.chef_ids) if (c !== chefId) others.add(c);
    }
    if (others.size) await changes.catalogueChanged([...others], tx);
    await repo.refreshSearch(chefId, tx);
  }

  /** The change's audit row, and the restaurant's catalogue version bumped (decision 051), in its transaction. */
  const audit = (tx: Queryable, actor: RestaurantActor, entry: Omit<AuditEntry, 'actorUserId' | 'actorRole'>) =>
    changes.record(tx, actor, entry, { catalogue: true });

  return {
    menu,

    async createDish(actor: RestaurantActor, chefId: number, body: DishFields): Promise<PartnerDish> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        await requireCategory(chefId, body.category_name, tx);
        const fields = { ...body, dietary_types: mergeDietary(body.dietary_types, []) };
        const id = await repo.insertDish(chefId, fields, tx);
        await repo.renumber(chefId, tx);
        await repo.refreshRestaurantPresetDiets(chefId, tx);
        const dish = await requireDish(chefId, id, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'dish',
          entityId: id,
          action: 'create',
          summary: `Added ${dish.name} (${formatCents(dish.price_cents)}) to ${dish.category_name}`,
          before: null,
          after: dish,
        });
        return toDish(dish);
      });
    },

    async updateDish(
      actor: RestaurantActor,
      chefId: number,
      dishId: number,
      body: DishFields & { updated_at: string },
    ): Promise<PartnerDish> {
      const { updated_at: version, ...rest } = body;
      if (Number.isNaN(Date.parse(version))) throw conflict(menuEditorMessages.staleDish);
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        const before = await requireDish(chefId, dishId, tx, true);
        if (before.updated_at !== new Date(version).toISOString()) throw conflict(menuEditorMessages.staleDish);
        const moved = before.category_name !== rest.category_name;
        if (moved) await requireCategory(chefId, rest.category_name, tx);
        const fields: DishFields = { ...rest, dietary_types: mergeDietary(rest.dietary_types, before.dietary_types) };
        if (!(await repo.updateDish(chefId, dishId, version, fields, tx))) throw conflict(menuEditorMessages.staleDish);
        if (moved) await repo.renumber(chefId, tx);
        await refreshPresets(chefId, tx);
        const after = await requireDish(chefId, dishId, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'dish',
          entityId: dishId,
          action: 'update',
          summary: dishChangeSummary(fieldsOf(before), fields),
          before: before,
          after: after,
        });
        return toDish(after);
      });
    },

    async deleteDish(actor: RestaurantActor, chefId: number, dishId: number): Promise<string> {
      return withTransaction(deps.db, async (tx) => {
        const before = await requireDish(chefId, dishId, tx, true);
        const presets = await repo.presetsHolding(dishId, tx);
        if (presets.length) throw conflict(menuEditorMessages.inPresets(before.name, presets));
        await repo.deleteDish(dishId, tx);
        await repo.refreshRestaurantPresetDiets(chefId, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'dish',
          entityId: dishId,
          action: 'delete',
          summary: `Deleted ${before.name}`,
          before: before,
          after: null,
        });
        return `${before.name} was deleted.`;
      });
    },

    async moveDish(
      actor: RestaurantActor,
      chefId: number,
      dishId: number,
      to: { category_name: string; index: number },
    ): Promise<PartnerDish> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        const before = await requireDish(chefId, dishId, tx, true);
        await requireCategory(chefId, to.category_name, tx);
        const siblings = (await repo.dishes(chefId, tx))
          .filter((d) => d.category_name === to.category_name && d.id !== dishId)
          .map((d) => d.id);
        siblings.splice(Math.min(to.index, siblings.length), 0, dishId);
        if (before.category_name !== to.category_name) await repo.setDishCategory(dishId, to.category_name, tx);
        await repo.renumber(chefId, tx, siblings);
        const after = await requireDish(chefId, dishId, tx);
        const where =
          before.category_name === to.category_name
            ? `Moved ${before.name} to place ${siblings.indexOf(dishId) + 1} in ${to.category_name}`
            : `Moved ${before.name} from ${before.category_name} to ${to.category_name}`;
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'dish',
          entityId: dishId,
          action: 'move',
          summary: where,
          before: { category_name: before.category_name, position: before.position },
          after: { category_name: after.category_name, position: after.position },
        });
        return toDish(after);
      });
    },

    async createOption(
      actor: RestaurantActor,
      chefId: number,
      dishId: number,
      body: OptionFields,
    ): Promise<PartnerDish> {
      return withTransaction(deps.db, async (tx) => {
        const dish = await requireDish(chefId, dishId, tx, true);
        const id = await repo.insertOption(dishId, body, tx);
        await repo.touchDish(dishId, tx);
        await refreshPresets(chefId, tx);
        const after = await requireDish(chefId, dishId, tx);
        const option = after.options.find((o) => o.id === id);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'option',
          entityId: id,
          action: 'create',
          summary: `Added option ${body.name} (${formatCents(body.price_cents)}) to ${dish.name}`,
          before: null,
          after: option,
        });
        return toDish(after);
      });
    },

    async updateOption(
      actor: RestaurantActor,
      chefId: number,
      dishId: number,
      optionId: number,
      body: OptionFields,
    ): Promise<PartnerDish> {
      return withTransaction(deps.db, async (tx) => {
        const dish = await requireDish(chefId, dishId, tx, true);
        const before = dish.options.find((o) => o.id === optionId);
        if (!before) throw notFound(menuEditorMessages.optionNotFound);
        const fields = { ...body, dietary_types: mergeDietary(body.dietary_types, before.dietary_types) };
        await repo.updateOption(optionId, fields, tx);
        await repo.touchDish(dishId, tx);
        await refreshPresets(chefId, tx);
        const after = await requireDish(chefId, dishId, tx);
        const parts: string[] = [];
        if (before.price_cents !== body.price_cents)
          parts.push(
            `Price of ${dish.name} – ${before.name}: ${formatCents(before.price_cents)} → ${formatCents(body.price_cents)}`,
          );
        if (before.name !== body.name) parts.push(`Option of ${dish.name}: ${before.name} → ${body.name}`);
        if (before.max_quantity !== body.max_quantity)
          parts.push(
            `Limit of ${dish.name} – ${body.name}: ${before.max_quantity ?? 'none'} → ${body.max_quantity ?? 'none'}`,
          );
        if (JSON.stringify(before.dietary_types) !== JSON.stringify(fields.dietary_types))
          parts.push(`Dietary tags of ${dish.name} – ${body.name}: ${fields.dietary_types.join(', ') || 'none'}`);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'option',
          entityId: optionId,
          action: 'update',
          summary: parts.join('; ') || `${dish.name} – ${body.name}: no change`,
          before: before,
          after: after.options.find((o) => o.id === optionId),
        });
        return toDish(after);
      });
    },

    async deleteOption(actor: RestaurantActor, chefId: number, dishId: number, optionId: number): Promise<PartnerDish> {
      return withTransaction(deps.db, async (tx) => {
        const dish = await requireDish(chefId, dishId, tx, true);
        const before = dish.options.find((o) => o.id === optionId);
        if (!before) throw notFound(menuEditorMessages.optionNotFound);
        await repo.deleteOption(optionId, tx);
        await repo.touchDish(dishId, tx);
        await refreshPresets(chefId, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'option',
          entityId: optionId,
          action: 'delete',
          summary: `Removed option ${before.name} from ${dish.name}`,
          before: before,
          after: null,
        });
        return toDish(await requireDish(chefId, dishId, tx));
      });
    },

    async createCategory(actor: RestaurantActor, chefId: number, name: string): Promise<PartnerMenu> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        if (!(await repo.insertCategory(chefId, name, tx))) throw conflict(menuEditorMessages.categoryExists(name));
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'category',
          entityId: name,
          action: 'create',
          summary: `Added the category ${name}`,
          before: null,
          after: { name },
        });
        return menu(chefId, tx);
      });
    },

    async renameCategory(actor: RestaurantActor, chefId: number, from: string, to: string): Promise<PartnerMenu> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        const categories = await repo.categories(chefId, tx);
        if (!categories.some((c) => c.name === from)) throw notFound(menuEditorMessages.unknownCategory(from));
        if (from !== to && categories.some((c) => c.name === to)) throw conflict(menuEditorMessages.categoryExists(to));
        const dishes = await repo.renameCategory(chefId, from, to, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'category',
          entityId: to,
          action: 'rename',
          summary: `Renamed the category ${from} → ${to} (${dishes} ${dishes === 1 ? 'dish' : 'dishes'})`,
          before: { name: from },
          after: { name: to },
        });
        return menu(chefId, tx);
      });
    },

    async reorderCategories(actor: RestaurantActor, chefId: number, names: string[]): Promise<PartnerMenu> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        const before = (await repo.categories(chefId, tx)).map((c) => c.name);
        const same =
          names.length === before.length &&
          new Set(names).size === names.length &&
          names.every((n) => before.includes(n));
        if (!same) throw validationFailed([menuEditorMessages.categoryOrder]);
        await repo.setCategoryOrder(chefId, names, tx);
        await repo.renumber(chefId, tx);
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'category',
          entityId: 'order',
          action: 'reorder',
          summary: `Reordered the categories: ${names.join(', ')}`,
          before: before,
          after: names,
        });
        return menu(chefId, tx);
      });
    },

    async deleteCategory(actor: RestaurantActor, chefId: number, name: string): Promise<PartnerMenu> {
      return withTransaction(deps.db, async (tx) => {
        await lockMenu(chefId, tx);
        const categories = await repo.categories(chefId, tx);
        if (!categories.some((c) => c.name === name)) throw notFound(menuEditorMessages.unknownCategory(name));
        const count = (await repo.dishes(chefId, tx)).filter((d) => d.category_name === name).length;
        if (count) throw conflict(menuEditorMessages.categoryNotEmpty(name, count));
        await repo.deleteCategory(chefId, name, tx);
        await repo.setCategoryOrder(
          chefId,
          categories.map((c) => c.name).filter((n) => n !== name),
          tx,
        );
        await audit(tx, actor, {
          chefId: chefId,
          entity: 'category',
          entityId: name,
          action: 'delete',
          summary: `Deleted the category ${name}`,
          before: { name },
          after: null,
        });
        return menu(chefId, tx);
      });
    },

    async presets(chefId: number): Promise<PartnerPreset[]> {
      return (await repo.presets(chefId)).map(toPreset);
    },

    async createPreset(
      actor: RestaurantActor,
      restaurant: PartnerRestaurant,
      input: PresetInput,
    ): Promise<PartnerPreset> {
      return withTransaction(deps.db, async (tx) => {
        const chefs = [await repo.chef(restaurant.id, tx)];
        const { lines, derived } = await checkPreset(tx, input, chefs);
        const { id } = await repo.insertPreset(restaurant.id, input.name, tx);
        await repo.writePreset(id, derived, tx);
        await repo.writePresetLines(id, lines, tx);
        await repo.refreshSearch(restaurant.id, tx);
        const after = (await repo.preset(restaurant.id, id, tx))!;
        await audit(tx, actor, {
          chefId: restaurant.id,
          entity: 'preset',
          entityId: id,
          action: 'create',
          summary: `Added the preset ${after.name} (${after.number_of_guests} guests, ${formatCents(after.price_per_person_cents)} a person)`,
          before: null,
          after: after,
        });
        return toPreset(after);
      });
    },

    async updatePreset(
      actor: RestaurantActor,
      restaurant: PartnerRestaurant,
      presetId: number,
      input: PresetInput,
    ): Promise<PartnerPreset> {
      return withTransaction(deps.db, async (tx) => {
        const before = await repo.preset(restaurant.id, presetId, tx, true);
        if (!before) throw notFound(menuEditorMessages.presetNotFound);
        const chefs = await repo.chefsById(before.chef_ids, tx);
        if (before.chef_ids.length > 1 && restaurant.role !== 'operations') {
          const others = chefs.filter((c) => c.id !== restaurant.id).map((c) => c.business_name);
          throw forbidden(menuEditorMessages.sharedPreset(others.join(' and ')));
        }
        const { lines, derived } = await checkPreset(tx, input, chefs);
        await repo.writePreset(presetId, derived, tx);
        await repo.writePresetLines(presetId, lines, tx);
        await repo.refreshSearch(restaurant.id, tx);
        const after = (await repo.preset(restaurant.id, presetId, tx))!;
        if (before.chef_ids.length > 1) await changes.catalogueChanged(before.chef_ids, tx);
        await audit(tx, actor, {
          chefId: restaurant.id,
          entity: 'preset',
          entityId: presetId,
          action: before.is_active === after.is_active ? 'update' : after.is_active ? 'activate' : 'deactivate',
          summary: presetSummary(before, after),
          before: before,
          after: after,
        });
        return toPreset(after);
      });
    },
  };

  /** The lines are the preset's restaurants' dishes, with their options and minimums; the total meets the minimum order. */
  async function checkPreset(tx: Queryable, input: PresetInput, chefs: ChefMenuInfo[]) {
    const dishes = await repo.dishesById(
      input.lines.map((l) => l.menu_id),
      tx,
    );
    const chefIds = new Set(chefs.map((c) => c.id));
    const problems: string[] = [];
    const seen = new Set<number>();
    for (const line of input.lines) {
      const dish = dishes.get(line.menu_id);
      if (!dish || dish.is_deleted || !chefIds.has(dish.chef_id)) {
        problems.push(menuEditorMessages.presetDish(line.menu_id));
        continue;
      }
      if (seen.has(dish.id)) problems.push(menuEditorMessages.presetDuplicate(dish.name));
      seen.add(dish.id);
      const min = Math.max(1, dish.min_order_amount);
      if (line.quantity < min) problems.push(menuEditorMessages.presetQuantity(dish.name, min));
      const options = new Set(dish.options.map((o) => String(o.id)));
      for (const id of Object.keys(line.menu_items_mapping))
        if (!options.has(id)) problems.push(menuEditorMessages.presetOption(dish.name, id));
    }
    if (problems.length) throw validationFailed([...new Set(problems)]);
    const derived = derivePreset(input, dishes, chefs);
    if (derived.total < derived.derived.minimum_order_amount_cents)
      throw validationFailed([
        menuEditorMessages.presetMinimum(derived.total, derived.derived.minimum_order_amount_cents),
      ]);
    return derived;
  }
}

function toPreset(p: PresetRow): PartnerPreset {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    number_of_guests: p.number_of_guests,
    is_active: p.is_active,
    price_per_person_cents: p.price_per_person_cents,
    minimum_order_amount_cents: p.minimum_order_amount_cents,
    dietary_types: p.dietary_types,
    shared: p.chef_ids.length > 1,
    lines: p.lines.map((l) => ({
      menu_id: Number(l.menu_id),
      menu_name: l.menu_name,
      quantity: l.quantity,
      menu_items_mapping: l.menu_items_mapping,
      serving_details: l.serving_details,
    })),
  };
}

function presetSummary(before: PresetRow, after: PresetRow): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Preset ${before.name} renamed ${after.name}`);
  if (before.is_active !== after.is_active)
    parts.push(`${after.name} ${after.is_active ? 'activated' : 'deactivated'}`);
  if (before.number_of_guests !== after.number_of_guests)
    parts.push(`Guests of ${after.name}: ${before.number_of_guests} → ${after.number_of_guests}`);
  if (before.price_per_person_cents !== after.price_per_person_cents)
    parts.push(
      `Price per person of ${after.name}: ${formatCents(before.price_per_person_cents)} → ${formatCents(after.price_per_person_cents)}`,
    );
  if (JSON.stringify(before.lines) !== JSON.stringify(after.lines)) parts.push(`Dishes of ${after.name} changed`);
  if (before.description !== after.description) parts.push(`Description of ${after.name} changed`);
  return parts.join('; ') || `${after.name}: no change`;
}

export type MenuEditorService = ReturnType<typeof createMenuEditorService>;
