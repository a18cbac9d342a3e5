import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { formatCents, messages, type Tip } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { TaxAndTipRows } from '../../../components/tax-and-tip-rows';
import { openModal } from '../../../stores/modals';
import { notify } from '../../../stores/notifications';
import { useSessionUser } from '../../../stores/session';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { addMenuToCart, removeLineFromCart } from '../cart-actions';
import {
  additionalMenus,
  cartTotals,
  checkoutProblem,
  chefProgress,
  lineProblem,
  menuIndex,
  scheduleProblem,
} from '../cart-model';
import { useCartSource } from '../cart-source';
import { closeCartDialog, openCartDialog, useCartDialog } from '../cart-ui-store';
import type { CartDelivery, CartLine, CheckoutState, Preset } from '../types';
import { ChefProgress } from './chef-progress';

// The sticky cart summary of the restaurant and preset pages (ordering-payments §2, §4 Cart,
// §5, §9): a column on wide screens, a bottom total bar on phones that expands into the same
// panel. Prices come from computeTotals (packages/domain), the function the API charges with.

// The editor (with its serving details and dietary types) loads when first opened.
// Dialogs opened from a button: their own chunks, outside the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('@caterway/ui/confirm-dialog'));
const AdditionalItemsModal = lazy(() => import('./additional-items-modal'));
const ItemModal = lazy(() => import('./item-modal'));
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

export function restaurantAddress(preset: Preset): string {
  const chef = preset.chefs[0];
  if (!chef) return preset.address1;
  return [chef.address1, chef.address2, chef.city, [chef.state, chef.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
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
  const index = menuIndex(preset);
  const defaults = lines.filter((l) => typeof l.id === 'number');
  const added = lines.filter((l) => typeof l.id !== 'number');

  const about = JSON.stringify([delivery, lines]);
  const inlineProblem = refusal && refusal.about === about ? refusal.problem : null;
  const notDeliverable = !addOn && isDelivery && fee.data !== undefined && !fee.data.deliverable;

  const checkout = () => {
    const check = addOn
      ? addOnProblem(preset, lines, totals.totalCents, source.maxLines)
      : checkoutProblem({ preset, lines, delivery, totals, isRestaurant, now: new Date() });
    // The server refuses an address outside the chef's delivery ranges; say so before checkout.
    if (!check.problem && notDeliverable) Object.assign(check, { problem: messages.notDeliverable, kind: 'schedule' });
    setRefusal(check.problem ? { problem: check.problem, about } : null);
    if (check.problem) {
      notify(
        check.kind === 'empty'
          ? { tone: 'error', title: messages.noItemsTitle, message: check.problem }
          : { tone: 'error', message: check.problem },
      );
      return;
    }
    if (!user || !user.confirmed) {
      notify({ tone: 'error', message: messages.pleaseSignInToCheckout });
      openModal('signIn');
      return;
    }
    onCheckout({
      preset,
      deliveryPriceCents: deliveryFeeCents,
      checkoutData: lines,
      restaurantAddress: restaurantAddress(preset),
      receivingMethod: delivery.receivingMethod,
    });
  };

  const editing =
    dialog && (dialog.kind === 'edit' || dialog.kind === 'remove')
      ? lines.find((l) => l.id === dialog.lineId)
      : undefined;
  const editingRef = editing ? index.get(editing.menuId) : undefined;
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
          <Button className="btn-sm cart-bar-checkout" onClick={checkout}>
            Checkout
          </Button>
        )}
      </div>

      <div id={bodyId} className="cart-body">
        <h2 id={headingId}>Your order</h2>
        {savedAt ? <p className="cart-saved muted">{messages.cartSavedAt(savedTime(savedAt))}</p> : null}
        {addOn ? <p className="cart-note">{messages.vendorAddOnNotice}</p> : <ChefProgress rows={progress} />}

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
          <Button block onClick={checkout} className="cart-checkout">
            Checkout
          </Button>
        )}
      </div>

      {dialog?.kind === 'edit' && editing && editingRef ? (
        <Suspense fallback={null}>
          <ItemModal
            menuRef={editingRef}
            soldOut={preset.soldOut.menuItemIds}
            line={editing}
            onClose={closeCartDialog}
            onSave={(line) => {
              source.write(
                preset,
                lines.map((l) => (l.id === line.id ? line : l)),
              );
              closeCartDialog();
            }}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {dialog?.kind === 'remove' && editing ? (
          <ConfirmDialog
            title={`Remove ${editing.menuName}`}
            message={messages.confirmRemoveItem}
            confirmLabel="Remove"
            onCancel={closeCartDialog}
            onConfirm={() => {
              closeCartDialog();
              removeLineFromCart(source, preset, editing.id);
            }}
          />
        ) : null}
        {dialog?.kind === 'reset' ? (
          <ConfirmDialog
            title="Reset preset"
            message={messages.confirmResetPreset}
            confirmLabel="Yes"
            onCancel={closeCartDialog}
            onConfirm={() => {
              closeCartDialog();
              source.reset(preset);
            }}
          />
        ) : null}
        {dialog?.kind === 'additional' ? (
          <AdditionalItemsModal
            refs={additionalMenus(preset, lines)}
            onAdd={(menuId) => addMenuToCart(source, preset, menuId)}
            onClose={closeCartDialog}
          />
        ) : null}
      </Suspense>
    </aside>
  );
}

/** The add-on cart's checks (ordering-payments §5): items, each line's minimum, the add-on limit. */
function addOnProblem(
  preset: Preset,
  lines: CartLine[],
  totalCents: number,
  maxLines: number | undefined,
): { problem: string | null; kind: 'empty' | 'item' | null } {
  if (lines.length === 0 || totalCents <= 0) return { problem: messages.cartEmpty, kind: 'item' };
  const index = menuIndex(preset);
  for (const line of lines) {
    const ref = index.get(line.menuId);
    const problem = ref ? lineProblem(line, ref.menu) : null;
    if (problem) return { problem, kind: 'item' };
  }
  if (maxLines !== undefined && lines.length > maxLines)
    return { problem: messages.addOnLimit(maxLines), kind: 'item' };
  return { problem: null, kind: null };
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
