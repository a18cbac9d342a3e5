import { formatCents } from '@caterway/domain';
import { Modal } from '@caterway/ui';
import { chefName, type MenuRef } from '../cart-model';

/** Dishes of the preset's chefs that are not in the cart (ordering-payments §4: 'Item added!'). */
export function AdditionalItemsModal({
  refs,
  onAdd,
  onClose,
}: {
  refs: MenuRef[];
  onAdd: (menuId: number) => void;
  onClose: () => void;
}) {
  const byChef = new Map<number, MenuRef[]>();
  for (const ref of refs) byChef.set(ref.chef.id, [...(byChef.get(ref.chef.id) ?? []), ref]);
  return (
    <Modal title="Additional items" onClose={onClose}>
      {refs.length === 0 ? <p className="muted">Every dish of this menu is already in your order.</p> : null}
      {[...byChef.values()].map((list) => (
        <section key={list[0]!.chef.id} className="additional-items" aria-label={chefName(list[0]!.chef)}>
          <h3>{chefName(list[0]!.chef)}</h3>
          <ul>
            {list.map(({ menu }) => (
              <li key={menu.id}>
                <span>
                  {menu.name} <span className="muted">{formatCents(menu.priceCents)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => onAdd(menu.id)}
                  aria-label={`Add ${menu.name}`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}

/** For React.lazy in the cart panel: loaded when first opened. */
export default AdditionalItemsModal;
