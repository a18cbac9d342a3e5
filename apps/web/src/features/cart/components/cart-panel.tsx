import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { formatCents, messages, type Tip } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { TaxAndTipRows } from '../../../components/tax-and-tip-rows';
import { useSessionUser } from '../../../stores/session';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { cartTotals, chefProgress, scheduleProblem } from '../cart-model';
import { useCartSource } from '../cart-source';
import { openCartDialog, useCartDialog } from '../cart-ui-store';
import type { CartDelivery, CartLine, CheckoutState, Preset } from '../types';
import { ChefProgress } from './chef-progress';
import { ServingsLine } from './servings-line';

// The sticky cart summary of the restaurant and preset pages (ordering-payments §2, §4 Cart,
// §5, §9): a column on wide screens, a bottom total bar on phones that expands into the same
// panel. Prices come from computeTotals (packages/domain), the function the API charges with.

// The editor (with its serving details and dietary types) loads when first opened.
// Dialogs opened from a button: their own chunks, outside the page's initial JavaScript.
const CartDialogs = lazy(() => import('./cart-dialogs'));
/** The all-in price per person (decision 071): below the total, so out of the first view's JavaScript. */
const AllInLine = lazy(() => import('./all-in-line'));
/** Someone else's saved cart from its share link (decision 031): only such pages load it. */
export const SharedCartPanel = lazy(() => import('./shared-cart-panel'));

export interface CartPanelProps {
  preset: Preset;
  delivery: CartDelivery;
  /** restaurant pages also hold delivery orders to the preset's minimum (§5 'Vendor minimum') */
  isRestaurant: boolean;
  onCheckout: (state: CheckoutState) => void;
  /** the edit-order page's buttons instead of Checkout (ordering-payments §2 'Edit catered order page') */
  footer?: ReactNode;
  /**
   * an add-on order (ordering-payments §2, §5, §9): no delivery fee, no vendor minimums, the
   * parent's delivery time with the add-on notice of 1 hour, an empty cart is 'Your cart is empty.'
   */
  addOn?: boolean;
  /**
   * cutlery pieces in the total (ordering-payments §9: $0.50 each, before tax): the edit page
   * passes the order's count as the form has it; the storefront cart has none (it is chosen at
   * checkout), and no cutlery line shows while the count is 0.
   */
  cutleryCount?: number;
  /** the edit page's tip (added after tax); the storefront cart has none (it is chosen at checkout) */
  tip?: Tip | null;
}

const savedTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function CartPanel({
  preset,
  delivery,
  isRestaurant,
  onCheckout,
  footer,
  addOn = false,
  cutleryCount = 0,
  tip,
}: CartPanelProps) {
  const source = useCartSource();
  const view = source.useLines(preset);
  const { lines, savedAt } = view;
  const dialog = useCartDialog();
  const user = useSessionUser();
  const [expanded, setExpanded] = useState(false);
  // The last checkout refusal, for the cart and delivery it was about: any change clears it.
  const [refusal, setRefusal] = useState<{ problem: string; about: string } | null>(null);
  const bodyId = useId();
  const headingId = useId();

  const firstChef = preset.chefs[0];
  const isDelivery = delivery.receivingMethod === 'delivery';
  const fee = useDeliveryFee(
    isDelivery && firstChef && !addOn
      ? { chefId: firstChef.id, lat: delivery.lat, lng: delivery.lng, address: delivery.address }
      : null,
  );
  // ordering-payments §9: the delivery fee is 0 until fetched; pickup has none.
  const deliveryFeeCents = isDelivery && !addOn ? (fee.data?.deliveryFee ?? 0) : 0;
  const totals = cartTotals(preset, lines, delivery.receivingMethod, deliveryFeeCents, cutleryCount, tip);
  const progress = chefProgress(preset, lines);
  // an add-on rides on its parent's delivery time (the server checks its 1 hour notice)
  const schedule = addOn ? null : scheduleProblem(preset, delivery, new Date(), lines);
  const defaults = lines.filter((l) => typeof l.id === 'number');
  const added = lines.filter((l) => typeof l.id !== 'number');

  const about = JSON.stringify([delivery, lines]);
  const inlineProblem = refusal && refusal.about === about ? refusal.problem : null;
  const notDeliverable = !addOn && isDelivery && fee.data !== undefined && !fee.data.deliverable;

  // the checks and the way on load with the first press (checkout-check.ts: page budget)
  const checkout = async () => {
    const { pressCheckout } = await import('../checkout-check');
    pressCheckout({
      preset,
      lines,
      delivery,
      totals,
      isRestaurant,
      addOn,
      maxLines: source.maxLines,
      notDeliverable,
      deliveryFeeCents,
      signedIn: !!user?.confirmed,
      refuse: (problem) => setRefusal(problem ? { problem, about } : null),
      onCheckout,
    });
  };

  const problem = schedule ?? inlineProblem;

  return (
    <aside className={`order-summary cart-panel${expanded ? ' is-expanded' : ''}`} aria-labelledby={headingId}>
      <div className="cart-bar">
        <button
          type="button"
          className="cart-bar-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((v) => !v)}
        >
          <span className="cart-bar-label">{expanded ? 'Hide order' : 'View order'}</span>
          <span className="cart-bar-total">
            Total <strong>{formatCents(totals.totalCents)}</strong>
          </span>
        </button>
        {footer ? null : (
          <Button className="btn-sm cart-bar-checkout" onClick={() => void checkout()}>
            Checkout
          </Button>
        )}
      </div>

      <div id={bodyId} className="cart-body">
        <h2 id={headingId}>Your order</h2>
        {savedAt ? <p className="cart-saved muted">{messages.cartSavedAt(savedTime(savedAt))}</p> : null}
        {addOn ? <p className="cart-note">{messages.vendorAddOnNotice}</p> : <ChefProgress rows={progress} />}
        {addOn || footer ? null : <ServingsLine preset={preset} lines={lines} />}

        {lines.length === 0 ? <p className="muted">Your cart is empty. Add dishes from the menu.</p> : null}
        <CartLines soldOut={preset.soldOut.menuIds} title="Menu" lines={defaults} />
        {added.length > 0 ? (
          <CartLines soldOut={preset.soldOut.menuIds} title="Additional items" lines={added} />
        ) : null}

        <div className="cart-tools">
          <Button variant="ghost" className="btn-sm" onClick={() => openCartDialog({ kind: 'additional' })}>
            Add items
          </Button>
          {!footer && source.canReset(view, preset) ? (
            <Button variant="ghost" className="btn-sm" onClick={() => openCartDialog({ kind: 'reset' })}>
              Reset to default
            </Button>
          ) : null}
        </div>

        <dl className="cart-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(totals.subtotalCents)}</dd>
          </div>
          {isDelivery && !addOn ? (
            <div>
              <dt>Delivery Fee</dt>
              <dd>{formatCents(totals.deliveryFeeCents)}</dd>
            </div>
          ) : null}
          {cutleryCount > 0 ? (
            <div>
              <dt>Cutlery ({cutleryCount})</dt>
              <dd>{formatCents(totals.cutleryCents)}</dd>
            </div>
          ) : null}
          <TaxAndTipRows taxLines={totals.taxLines} tipCents={totals.tipCents} />
          <div className="order-summary-total">
            <dt>Total</dt>
            <dd>{formatCents(totals.totalCents)}</dd>
          </div>
        </dl>
        {addOn ? null : (
          <Suspense fallback={null}>
            <AllInLine
              preset={preset}
              lines={lines}
              receivingMethod={delivery.receivingMethod}
              deliveryFeeCents={isDelivery ? (fee.data?.deliverable ? fee.data.deliveryFee : null) : 0}
              isRestaurant={isRestaurant}
            />
          </Suspense>
        )}
        {notDeliverable && inlineProblem !== messages.notDeliverable ? (
          <p className="muted cart-note">{messages.notDeliverable}</p>
        ) : null}
        <p className="muted cart-note">{messages.priceHelp}</p>
      </div>
      {/* kept in view on wide screens, whatever the cart's length (issue 20) */}
      <div className="cart-foot">
        {problem ? (
          <p className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
        {footer ?? (
          <Button block onClick={() => void checkout()} className="cart-checkout">
            Checkout
          </Button>
        )}
      </div>

      {dialog && dialog.kind !== 'save' ? (
        <Suspense fallback={null}>
          <CartDialogs preset={preset} lines={lines} dialog={dialog} />
        </Suspense>
      ) : null}
    </aside>
  );
}

/** The cart's lines; a dish the restaurant 86'd since it was put in the cart says Sold out (decision 053). */
function CartLines({ title, lines, soldOut }: { title: string; lines: CartLine[]; soldOut: number[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="cart-lines" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {lines.map((line) => (
          <li key={String(line.id)} className="cart-line">
            <div className="cart-line-text">
              <span className="cart-line-name">{line.menuName}</span>
              {soldOut.includes(line.menuId) ? <span className="sold-out-label">Sold out</span> : null}
              <span className="muted">
                {line.quantity} × {formatCents(line.unitPriceCents)}
              </span>
            </div>
            <span className="cart-line-total">{formatCents(line.lineTotalCents)}</span>
            <div className="cart-line-actions">
              <button
                type="button"
                className="link-button"
                onClick={() => openCartDialog({ kind: 'edit', lineId: line.id })}
                aria-label={`Edit ${line.menuName}`}
              >
                Edit
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => openCartDialog({ kind: 'remove', lineId: line.id })}
                aria-label={`Remove ${line.menuName}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
