import { useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, messages, servingDetailsProblem } from '@caterway/domain';
import { Button, Modal, ModalActions } from '@caterway/ui';
import { notify } from '../../../stores/notifications';
import { chefName, lineProblem, withDisplay, type MenuRef } from '../cart-model';
import type { CartLine } from '../types';
import { ServingDetailsEditor, type ServingRow } from './serving-details-editor';

// The item editing modal (ordering-payments §2, §5 'Quantity editor', 'Serving name'): chef
// image, dish, menu type and minimum; quantities as integers of 0 or more; the dish's menu
// items with their quantities; a special instruction; who the servings are for.

const MENU_TYPE_LABEL = { single: 'Individual portions', other: 'Trays and platters' } as const;

const toCount = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

export function ItemModal({
  menuRef,
  soldOut = [],
  line,
  onSave,
  onClose,
}: {
  menuRef: MenuRef;
  /** the options sold out now (decision 053): marked Sold out, at 0 and locked */
  soldOut?: number[];
  line: CartLine;
  onSave: (line: CartLine) => void;
  onClose: () => void;
}) {
  const { menu, chef } = menuRef;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [items, setItems] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      menu.menuItems.map((i) => [
        String(i.id),
        // a sold-out option cannot be ordered: it opens at 0 (the checkout would refuse it)
        soldOut.includes(i.id) ? '0' : String(line.menuItemsMapping[String(i.id)] ?? 0),
      ]),
    ),
  );
  const [instruction, setInstruction] = useState(line.specialInstruction);
  const [rows, setRows] = useState<ServingRow[]>(() =>
    line.servingDetails.flatMap((d) =>
      d.items.map((i, n) => ({
        key: `${String(d.id)}-${n}`,
        userName: i.userName,
        quantity: String(i.quantity),
        dietaryType: i.dietaryType,
      })),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // The last whole quantity typed: a half-typed value ('', '2.') does not break the link below.
  const lastCount = useRef(line.quantity);

  const onQuantity = (value: string) => {
    // Included components follow the dish's quantity while they still match it (one per unit).
    const before = lastCount.current;
    const after = toCount(value);
    if (after !== null) {
      lastCount.current = after;
      setItems((current) => {
        const next = { ...current };
        for (const item of menu.menuItems)
          if (item.priceCents === 0 && toCount(next[String(item.id)] ?? '') === before)
            next[String(item.id)] = String(after);
        return next;
      });
    }
    setQuantity(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = toCount(quantity);
    const mapping: Record<string, number> = {};
    let bad = q === null;
    for (const item of menu.menuItems) {
      const n = toCount(items[String(item.id)] ?? '0');
      if (n === null) bad = true;
      else if (n > 0) mapping[String(item.id)] = n;
    }
    const servingItems = rows.map((r) => ({
      userName: r.userName,
      quantity: toCount(r.quantity) ?? Number.NaN,
      dietaryType: r.dietaryType,
    }));
    const problem =
      (bad ? messages.nonNegativeInteger : null) ??
      lineProblem({ quantity: q ?? 0, menuItemsMapping: mapping }, menu) ??
      servingDetailsProblem(q ?? 0, servingItems);
    if (problem) {
      setError(problem);
      notify({ tone: 'error', message: problem });
      return;
    }
    onSave(
      withDisplay(
        {
          ...line,
          quantity: q!,
          menuItemsMapping: mapping,
          specialInstruction: instruction.trim(),
          servingDetails: servingItems.length > 0 ? [{ id: line.id, items: servingItems }] : [],
        },
        menuRef,
      ),
    );
  };

  return (
    <Modal title={menu.name} size="wide" onClose={onClose}>
      <form className="item-modal" onSubmit={onSubmit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <div className="item-modal-head">
          {chef.profileImageUrl ? <img src={chef.profileImageUrl} alt="" width={48} height={48} /> : null}
          <div>
            <p className="item-modal-chef">{chefName(chef)}</p>
            <p className="muted">
              {MENU_TYPE_LABEL[menu.menuType]} · {formatCents(menu.priceCents)} each
            </p>
            <p className="muted">Minimum order amount: {Math.max(1, menu.minOrderAmount)} per item</p>
          </div>
        </div>
        {menu.description ? <p className="muted item-modal-description">{menu.description}</p> : null}

        <div className="field">
          <label htmlFor={`${id}-qty`}>Quantity</label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={quantity}
            onChange={(e) => onQuantity(e.target.value)}
            data-autofocus
          />
        </div>

        {menu.menuItems.length > 0 ? (
          <fieldset className="item-modal-items">
            <legend>Menu items</legend>
            {menu.menuItems.map((item) => (
              <div key={item.id} className="item-modal-item">
                <label htmlFor={`${id}-item-${item.id}`}>
                  {item.name}{' '}
                  <span className="muted">{item.priceCents > 0 ? `+${formatCents(item.priceCents)}` : 'Included'}</span>
                  {soldOut.includes(item.id) ? <span className="sold-out-label"> Sold out</span> : null}
                </label>
                <input
                  id={`${id}-item-${item.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  disabled={soldOut.includes(item.id)}
                  value={items[String(item.id)] ?? '0'}
                  onChange={(e) => setItems((current) => ({ ...current, [String(item.id)]: e.target.value }))}
                />
              </div>
            ))}
          </fieldset>
        ) : null}

        <div className="field">
          <label htmlFor={`${id}-note`}>
            Special instruction<span className="field-optional"> (optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={500}
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
          />
        </div>

        <ServingDetailsEditor rows={rows} onChange={setRows} />

        {error ? (
          <p id={`${id}-error`} className="form-alert" role="alert">
            {error}
          </p>
        ) : null}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Save item</Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** For React.lazy in the cart panel: loaded when first opened. */
export default ItemModal;
