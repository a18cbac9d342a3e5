import { useId } from 'react';
import { useNavigate } from 'react-router';
import { formatCents } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { paths } from '../../../config/paths';
import { cartTotals, defaultLines } from '../cart-model';
import { cartStore, writeCarts } from '../cart-store';
import type { CartLine, Preset } from '../types';

/**
 * A saved cart opened from someone else's share link (decision 031): its lines, read-only, and
 * Start my own cart, which copies them into the visitor's own cart of the base preset (kept in
 * the browser like any cart) and hands over to that preset's page.
 */
export function SharedCartPanel({ preset }: { preset: Preset }) {
  const headingId = useId();
  const navigate = useNavigate();
  const lines = defaultLines(preset);
  const { subtotalCents } = cartTotals(preset, lines, 'pickup', 0, 0);
  const base = preset.basePresetId;
  const start = () => {
    if (base === null) return;
    // client ids: the saved cart's item ids mean nothing on the base preset; the visitor's cart
    // starts at the prices shown here, not at those the cart was saved at (decision 060)
    const checkoutData = lines.map((l): CartLine => ({
      ...l,
      id: `shared-${l.id}`,
      addedUnitPriceCents: l.unitPriceCents,
    }));
    writeCarts({ ...cartStore.get(), [String(base)]: { checkoutData, savedAt: new Date().toISOString() } });
    void navigate(paths.presetDetail.getHref(base));
  };
  return (
    <aside className="order-summary shared-cart" aria-labelledby={headingId}>
      <div className="cart-body">
        <h2 id={headingId}>Shared cart</h2>
        <p className="muted cart-note">
          This cart was shared with you. It is read-only: start your own cart from it to change it or check out.
        </p>
        <ul className="shared-cart-lines">
          {lines.map((l) => (
            <li key={l.id}>
              <span>
                {l.quantity} x {l.menuName}
              </span>
              <span>{formatCents(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="cart-totals">
          <div className="order-summary-total">
            <dt>Subtotal</dt>
            <dd>{formatCents(subtotalCents)}</dd>
          </div>
        </dl>
        {base === null ? null : (
          <Button block onClick={start} className="cart-checkout">
            Start my own cart
          </Button>
        )}
      </div>
    </aside>
  );
}

/** For React.lazy: loaded when first shown. */
export default SharedCartPanel;
