import { addMenuToCart } from '../cart-actions';
import { useCartSource } from '../cart-source';
import { openCartDialog } from '../cart-ui-store';
import type { Preset } from '../types';

/**
 * The Add / Edit button the route puts on each dish of the menu: Edit opens the item modal for
 * the dish's cart line, Add puts the dish in the cart at its minimum quantity.
 */
export function MenuAction({ preset, menuId, menuName }: { preset: Preset; menuId: number; menuName: string }) {
  const source = useCartSource();
  const { lines } = source.useLines(preset);
  const line = lines.find((l) => l.menuId === menuId);
  if (line) {
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => openCartDialog({ kind: 'edit', lineId: line.id })}
        aria-label={`Edit ${menuName}`}
      >
        Edit
      </button>
    );
  }
  // 86'd by the restaurant when the page was read (decision 053): Sold out, disabled
  const out = preset.soldOut.menuIds.includes(menuId);
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={out}
      onClick={() => addMenuToCart(source, preset, menuId)}
      aria-label={`${out ? 'Sold out' : 'Add'} ${menuName}`}
    >
      {out ? 'Sold out' : 'Add'}
    </button>
  );
}
