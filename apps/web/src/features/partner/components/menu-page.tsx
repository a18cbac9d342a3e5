import { useId, useState, type FormEvent } from 'react';
import type { EditorDietaryTag, priorityAllergens } from '@caterway/contracts';
import { formatCents, typedDollarsToCents } from '@caterway/domain';
import { Button, ConfirmDialog, ErrorList, Loading, Modal, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../stores/notifications';
import { useMenu, useMenuEditor, type EditorDish, type EditorMenu } from '../api/menu';
import { useRestaurant } from '../api/restaurants';
import { hasRole } from '../api/types';
import { PresetsPanel } from './menu-presets';
import { errorMessages, usePortalTitle } from './portal-common';
import './menu.css';

// /partner/:chefId/menu (issue 19 part 3, decision 052): the restaurant's menu by category, in
// the order the storefront shows it. Managers, owners and operations add, edit, move and delete
// dishes, their options and the categories, and compose catering presets; staff read it.

export const menuMessages = {
  price: 'Enter a price in dollars, like 12.50.',
  whole: (label: string, min: number, max: number) => `${label}: enter a whole number from ${min} to ${max}.`,
  stale: 'Someone changed this dish on another device. Reload to see their change, then make yours again.',
} as const;

type Tab = 'dishes' | 'presets';

export function MenuPage({ chefId }: { chefId: number }) {
  usePortalTitle('Menu');
  const restaurant = useRestaurant(chefId);
  const menu = useMenu(chefId);
  const [tab, setTab] = useState<Tab>('dishes');
  const canEdit = restaurant.data !== undefined && hasRole(restaurant.data.role, 'manager');
  const tabsId = useId();

  return (
    <section className="container page partner-page" aria-labelledby="partner-menu-title">
      <h1 id="partner-menu-title">Menu</h1>
      {restaurant.data && !canEdit ? (
        <p className="partner-muted">You can read the menu; the owner and managers change it.</p>
      ) : null}
      <div className="partner-tabs" role="tablist" aria-label="Menu">
        {(['dishes', 'presets'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${tabsId}-${t}`}
            aria-selected={tab === t}
            aria-controls={`${tabsId}-${t}-panel`}
            className="partner-tab"
            onClick={() => setTab(t)}
          >
            {t === 'dishes' ? 'Dishes' : 'Presets'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {menu.isPending ? (
          <Loading label="Loading the menu…" />
        ) : menu.isError ? (
          <div className="partner-panel" role="alert">
            <p>{errorMessages(menu.error).join(' ')}</p>
            <Button variant="secondary" onClick={() => void menu.refetch()}>
              Try again
            </Button>
          </div>
        ) : tab === 'dishes' ? (
          <Dishes chefId={chefId} menu={menu.data} canEdit={canEdit} />
        ) : (
          <PresetsPanel chefId={chefId} menu={menu.data} canEdit={canEdit} role={restaurant.data?.role ?? 'staff'} />
        )}
      </div>
    </section>
  );
}

type Editing = { dish: EditorDish | null; category: string } | null;

function Dishes({ chefId, menu, canEdit }: { chefId: number; menu: EditorMenu; canEdit: boolean }) {
  const editor = useMenuEditor(chefId);
  const [editing, setEditing] = useState<Editing>(null);
  const [managing, setManaging] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const names = menu.categories.map((c) => c.name);
  const fail = (error: unknown) => setFailure(errorMessages(error));

  const moveCategory = (index: number, by: -1 | 1) => {
    const next = [...names];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setFailure([]);
    editor.reorderCategories.mutate(next, { onError: fail });
  };
  const moveDish = (dish: EditorDish, index: number) => {
    setFailure([]);
    editor.moveDish.mutate({ dishId: dish.id, category: dish.categoryName, index }, { onError: fail });
  };

  return (
    <>
      {canEdit ? (
        <div className="partner-menu-toolbar">
          <Button
            onClick={() => setEditing({ dish: null, category: names[0] ?? '' })}
            disabled={names.length === 0}
            title={names.length === 0 ? 'Add a category first' : undefined}
          >
            Add dish
          </Button>
          <Button variant="secondary" aria-expanded={managing} onClick={() => setManaging((m) => !m)}>
            {managing ? 'Close categories' : 'Categories'}
          </Button>
        </div>
      ) : null}
      <ErrorList messages={failure} />
      {managing ? <CategoryManager chefId={chefId} names={names} counts={menu.categories} /> : null}
      {menu.categories.length === 0 ? (
        <p className="partner-panel partner-empty">
          No dishes yet.{canEdit ? ' Add a category in Categories, then your first dish.' : ''}
        </p>
      ) : null}
      {menu.categories.map((category, ci) => (
        <section key={category.name} className="partner-menu-category" aria-labelledby={`cat-${ci}`}>
          <header className="partner-menu-category-header">
            <h2 id={`cat-${ci}`} className="partner-subtitle">
              {category.name} <span className="partner-muted">({category.dishes.length})</span>
            </h2>
            {canEdit ? (
              <span className="partner-menu-moves">
                <Button
                  variant="secondary"
                  className="btn-sm"
                  disabled={ci === 0}
                  aria-label={`Move ${category.name} up`}
                  onClick={() => moveCategory(ci, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="secondary"
                  className="btn-sm"
                  disabled={ci === names.length - 1}
                  aria-label={`Move ${category.name} down`}
                  onClick={() => moveCategory(ci, 1)}
                >
                  ↓
                </Button>
              </span>
            ) : null}
          </header>
          {category.dishes.length === 0 ? <p className="partner-muted">No dishes in this category.</p> : null}
          <ul className="partner-menu-dishes">
            {category.dishes.map((dish, di) => (
              <li key={dish.id} className="partner-menu-dish">
                <div className="partner-menu-dish-main">
                  <span className="partner-menu-dish-name">{dish.name}</span>
                  <span className="partner-menu-dish-meta">
                    {formatCents(dish.priceCents)} · serves {dish.serves}
                    {dish.minOrderAmount > 1 ? ` · min ${dish.minOrderAmount}` : ''}
                    {dish.leadTimeHours !== null ? ` · ${dish.leadTimeHours} h notice` : ''}
                    {dish.options.length ? ` · ${dish.options.length} options` : ''}
                  </span>
                  {dish.dietaryTypes.length || dish.unavailableUntil ? (
                    <span className="partner-menu-tags">
                      {dish.unavailableUntil ? (
                        <span className="partner-menu-tag partner-menu-86">Sold out</span>
                      ) : null}
                      {dish.dietaryTypes.map((t) => (
                        <span key={t} className="partner-menu-tag">
                          {t}
                        </span>
                      ))}
                    </span>
                  ) : null}
                </div>
                {canEdit ? (
                  <span className="partner-menu-moves">
                    <Button
                      variant="secondary"
                      className="btn-sm"
                      disabled={di === 0}
                      aria-label={`Move ${dish.name} up`}
                      onClick={() => moveDish(dish, di - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="secondary"
                      className="btn-sm"
                      disabled={di === category.dishes.length - 1}
                      aria-label={`Move ${dish.name} down`}
                      onClick={() => moveDish(dish, di + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      className="btn-sm"
                      aria-label={`Edit ${dish.name}`}
                      onClick={() => setEditing({ dish, category: category.name })}
                    >
                      Edit
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing ? (
        <DishDialog
          chefId={chefId}
          menu={menu}
          dish={editing.dish ? (findDish(menu, editing.dish.id) ?? editing.dish) : null}
          category={editing.category}
          onClose={() => setEditing(null)}
          onCreated={(dish) => setEditing({ dish, category: dish.categoryName })}
        />
      ) : null}
    </>
  );
}

const findDish = (menu: EditorMenu, id: number) => menu.categories.flatMap((c) => c.dishes).find((d) => d.id === id);

function CategoryManager({
  chefId,
  names,
  counts,
}: {
  chefId: number;
  names: string[];
  counts: EditorMenu['categories'];
}) {
  const editor = useMenuEditor(chefId);
  const [added, setAdded] = useState('');
  const [renames, setRenames] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const fail = (error: unknown) => setFailure(errorMessages(error));
  const addId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = added.trim();
    if (!name) return setFailure(['Enter the new category’s name.']);
    setFailure([]);
    editor.addCategory.mutate(name, { onSuccess: () => setAdded(''), onError: fail });
  };

  return (
    <section className="partner-panel partner-menu-categories" aria-labelledby={`${addId}-title`}>
      <h2 id={`${addId}-title`} className="partner-subtitle">
        Categories
      </h2>
      <ErrorList messages={failure} />
      <ul className="partner-menu-category-list">
        {names.map((name) => {
          const count = counts.find((c) => c.name === name)?.dishes.length ?? 0;
          const value = renames[name] ?? name;
          return (
            <li key={name}>
              <TextField
                label={`Name of ${name}`}
                value={value}
                maxLength={60}
                onChange={(e) => setRenames((r) => ({ ...r, [name]: e.target.value }))}
                hint={`${count} ${count === 1 ? 'dish' : 'dishes'}`}
              />
              <span className="partner-menu-moves">
                <Button
                  variant="secondary"
                  className="btn-sm"
                  disabled={value.trim() === name || !value.trim()}
                  onClick={() => {
                    setFailure([]);
                    editor.renameCategory.mutate({ from: name, to: value.trim() }, { onError: fail });
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  className="btn-sm"
                  disabled={count > 0}
                  title={count > 0 ? 'Move or delete its dishes first' : undefined}
                  aria-label={`Delete ${name}`}
                  onClick={() => {
                    setFailure([]);
                    editor.deleteCategory.mutate(name, { onError: fail });
                  }}
                >
                  Delete
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      <form className="partner-menu-inline" onSubmit={add} noValidate>
        <TextField label="New category" value={added} maxLength={60} onChange={(e) => setAdded(e.target.value)} />
        <Button type="submit" busy={editor.addCategory.isPending}>
          Add category
        </Button>
      </form>
    </section>
  );
}

interface DishForm {
  name: string;
  description: string;
  price: string;
  serves: string;
  minimum: string;
  leadTime: string;
  menuType: 'single' | 'other';
  taxCategory: 'prepared_food' | 'soda_beverage';
  category: string;
  dietary: string[];
  allergens: string[];
}

const formOf = (dish: EditorDish | null, category: string): DishForm => ({
  name: dish?.name ?? '',
  description: dish?.description ?? '',
  price: dish ? (dish.priceCents / 100).toFixed(2) : '',
  serves: String(dish?.serves ?? 1),
  minimum: String(dish?.minOrderAmount ?? 1),
  leadTime: dish?.leadTimeHours === null || !dish ? '' : String(dish.leadTimeHours),
  menuType: dish?.menuType ?? 'single',
  taxCategory: dish?.taxCategory ?? 'prepared_food',
  category: dish?.categoryName ?? category,
  dietary: dish?.dietaryTypes ?? [],
  allergens: dish?.allergens ?? [],
});

function wholeIn(text: string, min: number, max: number): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The dish's fields, checked here as the API checks them; the API's messages are shown too. */
function DishDialog({
  chefId,
  menu,
  dish,
  category,
  onClose,
  onCreated,
}: {
  chefId: number;
  menu: EditorMenu;
  dish: EditorDish | null;
  category: string;
  onClose: () => void;
  onCreated: (dish: EditorDish) => void;
}) {
  const editor = useMenuEditor(chefId);
  const [form, setForm] = useState<DishForm>(() => formOf(dish, category));
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formId = useId();
  const set = <K extends keyof DishForm>(key: K, value: DishForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggle = (key: 'dietary' | 'allergens', value: string) =>
    setForm((f) => ({ ...f, [key]: f[key].includes(value) ? f[key].filter((v) => v !== value) : [...f[key], value] }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: string[] = [];
    const price = typedDollarsToCents(form.price);
    const serves = wholeIn(form.serves, 1, 500);
    const minimum = wholeIn(form.minimum, 1, 1000);
    const lead = form.leadTime.trim() === '' ? null : wholeIn(form.leadTime, 0, 336);
    if (!form.name.trim() || form.name.trim().length > 80) found.push('Enter a name of 1 to 80 characters.');
    if (!Number.isFinite(price) || price > 1_000_000) found.push(menuMessages.price);
    if (serves === null) found.push(menuMessages.whole('Serves', 1, 500));
    if (minimum === null) found.push(menuMessages.whole('Minimum quantity', 1, 1000));
    if (form.leadTime.trim() !== '' && lead === null) found.push(menuMessages.whole('Lead time', 0, 336));
    setProblems(found);
    setStale(false);
    if (found.length) return;
    const body = {
      name: form.name.trim(),
      description: form.description.trim(),
      price_cents: price,
      serves: serves!,
      min_order_amount: minimum!,
      menu_type: form.menuType,
      tax_category: form.taxCategory,
      lead_time_hours: lead,
      category_name: form.category,
      dietary_types: menu.dietaryTags.filter((t) => form.dietary.includes(t)) as PartnerDietary[],
      allergens: menu.allergens.filter((a) => form.allergens.includes(a)) as PartnerAllergen[],
      ...(dish ? { updated_at: dish.updatedAt } : {}),
    };
    editor.saveDish.mutate(
      { dishId: dish?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.name} saved.`);
          if (dish) onClose();
          else onCreated(saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setStale(true);
          else setProblems(errorMessages(error));
        },
      },
    );
  };

  return (
    <Modal title={dish ? `Edit ${dish.name}` : 'Add a dish'} onClose={onClose} size="wider">
      <form id={formId} className="form partner-menu-form" onSubmit={onSubmit} noValidate>
        <ErrorList messages={problems} />
        {stale ? (
          <div className="form-alert" role="alert">
            <p>{menuMessages.stale}</p>
            <Button variant="secondary" className="btn-sm" onClick={onClose}>
              Reload
            </Button>
          </div>
        ) : null}
        <TextField
          label="Name"
          value={form.name}
          maxLength={80}
          required
          onChange={(e) => set('name', e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${formId}-description`}>
            Description <span className="field-optional">(optional)</span>
          </label>
          <textarea
            id={`${formId}-description`}
            rows={3}
            maxLength={1000}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="partner-menu-grid">
          <TextField
            label="Price ($)"
            inputMode="decimal"
            value={form.price}
            required
            onChange={(e) => set('price', e.target.value)}
          />
          <TextField
            label="Serves"
            inputMode="numeric"
            value={form.serves}
            onChange={(e) => set('serves', e.target.value)}
          />
          <TextField
            label="Minimum quantity"
            inputMode="numeric"
            value={form.minimum}
            onChange={(e) => set('minimum', e.target.value)}
          />
          <TextField
            label="Lead time (hours)"
            inputMode="numeric"
            value={form.leadTime}
            hint={`Empty: the restaurant’s ${menu.noticeHours} h`}
            onChange={(e) => set('leadTime', e.target.value)}
          />
          <div className="field">
            <label htmlFor={`${formId}-category`}>Category</label>
            <select id={`${formId}-category`} value={form.category} onChange={(e) => set('category', e.target.value)}>
              {menu.categories.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${formId}-type`}>Sold as</label>
            <select
              id={`${formId}-type`}
              value={form.menuType}
              onChange={(e) => set('menuType', e.target.value as DishForm['menuType'])}
            >
              <option value="single">Per person</option>
              <option value="other">Trays, platters</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${formId}-tax`}>For sales tax</label>
            <select
              id={`${formId}-tax`}
              value={form.taxCategory}
              onChange={(e) => set('taxCategory', e.target.value as DishForm['taxCategory'])}
            >
              <option value="prepared_food">Prepared food</option>
              <option value="soda_beverage">Soft drink (sweetened, carbonated)</option>
            </select>
          </div>
        </div>
        <Checkboxes
          legend="Dietary tags"
          values={menu.dietaryTags}
          chosen={form.dietary}
          onToggle={(v) => toggle('dietary', v)}
        />
        <Checkboxes
          legend="Allergens"
          values={menu.allergens}
          chosen={form.allergens}
          onToggle={(v) => toggle('allergens', v)}
        />
        <div className="partner-menu-form-actions">
          <Button type="submit" busy={editor.saveDish.isPending}>
            {dish ? 'Save dish' : 'Add dish'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {dish ? 'Close' : 'Cancel'}
          </Button>
          {dish ? (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete dish
            </Button>
          ) : null}
        </div>
      </form>
      {dish ? <Options chefId={chefId} dish={dish} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${dish?.name ?? 'this dish'}?`}
        message="It leaves the menu and the storefront. Orders already placed keep it."
        confirmLabel="Delete dish"
        tone="danger"
        initialFocus="cancel"
        busy={editor.deleteDish.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          editor.deleteDish.mutate(dish!.id, {
            onSuccess: (r) => {
              notifySuccess(r.message);
              onClose();
            },
            onError: (error) => {
              setConfirmDelete(false);
              setProblems(errorMessages(error));
            },
          })
        }
      />
    </Modal>
  );
}

type PartnerDietary = EditorDietaryTag;
type PartnerAllergen = (typeof priorityAllergens)[number];

function Checkboxes({
  legend,
  values,
  chosen,
  onToggle,
}: {
  legend: string;
  values: string[];
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset className="partner-menu-checks">
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v}>
          <input type="checkbox" checked={chosen.includes(v)} onChange={() => onToggle(v)} /> {v}
        </label>
      ))}
    </fieldset>
  );
}

/** The dish's options, each saved on its own: add, change, remove. */
function Options({ chefId, dish }: { chefId: number; dish: EditorDish }) {
  const titleId = useId();
  return (
    <section className="partner-menu-options" aria-labelledby={titleId}>
      <h3 id={titleId} className="partner-subtitle">
        Options and sides
      </h3>
      {dish.options.length === 0 ? <p className="partner-muted">No options: the dish is ordered as it is.</p> : null}
      <ul className="partner-menu-option-list">
        {dish.options.map((o) => (
          <li key={o.id}>
            <OptionRow chefId={chefId} dishId={dish.id} option={o} />
          </li>
        ))}
        <li>
          <OptionRow key={dish.options.length} chefId={chefId} dishId={dish.id} option={null} />
        </li>
      </ul>
    </section>
  );
}

function OptionRow({
  chefId,
  dishId,
  option,
}: {
  chefId: number;
  dishId: number;
  option: EditorDish['options'][number] | null;
}) {
  const editor = useMenuEditor(chefId);
  const [name, setName] = useState(option?.name ?? '');
  const [price, setPrice] = useState(option ? (option.priceCents / 100).toFixed(2) : '0.00');
  const [limit, setLimit] = useState(option?.maxQuantity == null ? '' : String(option.maxQuantity));
  const [problems, setProblems] = useState<string[]>([]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const cents = typedDollarsToCents(price);
    const max = limit.trim() === '' ? null : wholeIn(limit, 1, 1000);
    const found: string[] = [];
    if (!name.trim()) found.push('Enter the option’s name.');
    if (!Number.isFinite(cents) || cents > 1_000_000) found.push(menuMessages.price);
    if (limit.trim() !== '' && max === null) found.push(menuMessages.whole('Limit', 1, 1000));
    setProblems(found);
    if (found.length) return;
    editor.saveOption.mutate(
      {
        dishId,
        optionId: option?.id ?? null,
        body: { name: name.trim(), price_cents: cents, max_quantity: max, dietary_types: [] },
      },
      {
        onSuccess: () => notifySuccess(option ? `${name.trim()} saved.` : `${name.trim()} added.`),
        onError: (e) => setProblems(errorMessages(e)),
      },
    );
  };

  return (
    <form
      className="partner-menu-option"
      onSubmit={save}
      noValidate
      aria-label={option ? `Option ${option.name}` : 'New option'}
    >
      <ErrorList messages={problems} />
      <TextField
        className="partner-menu-option-name"
        label={option ? 'Option' : 'New option'}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label="Price ($)" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
      <TextField label="Limit" inputMode="numeric" value={limit} optional onChange={(e) => setLimit(e.target.value)} />
      <span className="partner-menu-moves">
        <Button type="submit" className="btn-sm" variant="secondary" busy={editor.saveOption.isPending}>
          {option ? 'Save' : 'Add'}
        </Button>
        {option ? (
          <Button
            className="btn-sm"
            variant="secondary"
            aria-label={`Remove ${option.name}`}
            onClick={() =>
              editor.deleteOption.mutate(
                { dishId, optionId: option.id },
                { onError: (e) => setProblems(errorMessages(e)) },
              )
            }
          >
            Remove
          </Button>
        ) : null}
      </span>
    </form>
  );
}
