import type { ReactNode } from 'react';
import { formatCents } from '@caterway/domain';
import { Photo } from '../../../components/catalogue/photo';
import type { ChefMenu, PresetChef, PresetDetail, PresetItem } from '../api/types';
import { DietaryLabels } from './dietary-labels';
import { groupByCategory } from './group-by-category';
import { chefDisplayName } from './preset-text';

// The menus of a restaurant or preset page (ordering-payments §2 Restaurant / preset detail):
// each chef with its menus grouped by category in the chef's own category order, prices,
// dietary types as small labels and the minimum quantity; then the preset's default menu.
// `dishAction` lets the route put a control on each dish (the cart's Add / Edit).

export type DishAction = (dish: { menuId: number; name: string }) => ReactNode;

export function ChefMenus({ chef, dishAction }: { chef: PresetChef; dishAction?: DishAction }) {
  const menus = chef.menus.filter((menu) => !menu.isDeleted);
  const groups = groupByCategory<ChefMenu>(menus, (menu) => menu.categoryName, chef.menuCategoryNames);
  const headingId = `chef-${chef.id}-menu`;
  return (
    <section className="chef-menu" aria-labelledby={headingId}>
      <header className="chef-header">
        {chef.profileImageUrl ? (
          <Photo src={chef.profileImageUrl} sizes="56px" width={56} height={56} loading="lazy" />
        ) : null}
        <div>
          <h2 id={headingId}>{chefDisplayName(chef)}</h2>
          {chef.cuisineTypes.length > 0 ? <p className="muted">{chef.cuisineTypes.join(' · ')}</p> : null}
        </div>
      </header>
      {groups.length === 0 ? <p className="muted">This restaurant has no dishes listed right now.</p> : null}
      {groups.map(([category, list]) => (
        <section key={category} className="menu-category" aria-label={`${chefDisplayName(chef)}: ${category}`}>
          <h3>{category}</h3>
          <ul className="menu-cards">
            {list.map((menu) => (
              <MenuCard key={menu.id} menu={menu} action={dishAction?.({ menuId: menu.id, name: menu.name })} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function MenuCard({ menu, action }: { menu: ChefMenu; action?: ReactNode }) {
  const options = menu.menuItems;
  return (
    <li className="menu-card">
      {menu.mainImageUrl ? <Photo src={menu.mainImageUrl} sizes="96px" width={96} height={96} loading="lazy" /> : null}
      <div className="menu-card-body">
        <div className="menu-card-title">
          <h4>{menu.name}</h4>
          <span className="menu-card-price">{formatCents(menu.priceCents)}</span>
        </div>
        {menu.description ? <p className="muted">{menu.description}</p> : null}
        <div className="menu-card-tags">
          {menu.minOrderAmount > 1 ? <span className="min-qty">Min {menu.minOrderAmount}</span> : null}
          <DietaryLabels value={menu.dietaryTypes} />
        </div>
        {options.length > 0 ? (
          <details className="menu-options">
            <summary>
              {options.length} {options.length === 1 ? 'option' : 'options'}
            </summary>
            <ul>
              {options.map((item) => (
                <li key={item.id}>
                  <span>{item.name}</span>
                  <span className="muted">{item.priceCents > 0 ? `+${formatCents(item.priceCents)}` : 'Included'}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {action ? <div className="menu-card-action">{action}</div> : null}
      </div>
    </li>
  );
}

/** The preset's default menu (its default cart), grouped by the preset's categories. */
export function PresetMenu({
  preset,
  title = 'What’s included',
  dishAction,
}: {
  preset: PresetDetail;
  title?: string;
  dishAction?: DishAction;
}) {
  const order = preset.chefs.flatMap((chef) => chef.menuCategoryNames);
  const groups = groupByCategory<PresetItem>(preset.presetItems, (item) => item.presetMenuCategoryName, order);
  const chefById = new Map(preset.chefs.map((chef) => [chef.id, chef]));
  if (groups.length === 0) return null;
  return (
    <section className="preset-menu" aria-labelledby="preset-menu-heading">
      <h2 id="preset-menu-heading">{title}</h2>
      {groups.map(([category, items]) => (
        <section key={category} className="menu-category" aria-label={`Included: ${category}`}>
          <h3>{category}</h3>
          <ul className="menu-cards">
            {items.map((item) => {
              const chef = chefById.get(item.chefId);
              const chosen = item.menuItems.filter((option) => (item.menuItemsMapping[String(option.id)] ?? 0) > 0);
              return (
                <li key={item.id} className="menu-card">
                  {item.mainImageUrl ? (
                    <Photo src={item.mainImageUrl} sizes="96px" width={96} height={96} loading="lazy" />
                  ) : null}
                  <div className="menu-card-body">
                    <div className="menu-card-title">
                      <h4>{item.name}</h4>
                      <span className="menu-card-price">
                        {item.quantity} × {formatCents(item.priceCents)}
                      </span>
                    </div>
                    {chef ? <p className="muted">by {chefDisplayName(chef)}</p> : null}
                    {chosen.length > 0 ? (
                      <p className="muted">With {chosen.map((option) => option.name).join(', ')}</p>
                    ) : null}
                    <div className="menu-card-tags">
                      {item.minOrderAmount > 1 ? <span className="min-qty">Min {item.minOrderAmount}</span> : null}
                      <DietaryLabels value={item.dietaryTypes} />
                    </div>
                    {dishAction ? (
                      <div className="menu-card-action">{dishAction({ menuId: item.menuId, name: item.name })}</div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
