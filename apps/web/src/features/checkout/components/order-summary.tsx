import { formatCents, type TaxLine } from '@caterway/domain';
import { TaxAndTipRows } from '../../../components/tax-and-tip-rows';
import type { CartLine } from '../../../types/checkout-state';

/** What a total shows: computeTotals' answer in the browser, or the server's totals once it priced the order. */
export interface SummaryTotals {
  subtotalCents: number;
  deliveryFeeCents: number;
  cutleryCents: number;
  /** each tax on its own rounded line (docs/decisions/033) */
  taxLines: readonly TaxLine[];
  taxCents: number;
  tipCents: number;
  totalCents: number;
}

export interface OrderSummaryProps {
  presetName: string;
  lines: CartLine[];
  totals: SummaryTotals | null;
  cutleryCount: number;
  receivingMethod: 'delivery' | 'pickup';
  /** add-on totals omit the delivery fee (ordering-payments §9) */
  isAddOn?: boolean;
  /** true once the server's totals (the authority) are shown */
  confirmed: boolean;
}

/** The order summary (ordering-payments §9): the dishes, then the totals. */
export function OrderSummary({
  presetName,
  lines,
  totals,
  cutleryCount,
  receivingMethod,
  confirmed,
  isAddOn = false,
}: OrderSummaryProps) {
  const ordered = lines.filter((l) => l.quantity > 0 || Object.values(l.menuItemsMapping).some((q) => q > 0));
  return (
    <div className="checkout-summary">
      <h3 className="checkout-summary-name">{presetName}</h3>
      <ul className="checkout-lines">
        {ordered.map((line) => (
          <li key={String(line.id)}>
            <span>
              {line.quantity > 0 ? `${line.quantity} × ` : ''}
              {line.menuName}
            </span>
            <span>{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      {totals ? (
        <OrderTotalsList
          totals={totals}
          cutleryCount={cutleryCount}
          deliveryFee={receivingMethod === 'delivery' && !isAddOn}
        />
      ) : null}
      {!confirmed ? (
        <p className="muted order-estimate">Estimated; the final price is confirmed when you continue.</p>
      ) : null}
    </div>
  );
}

/**
 * Subtotal, delivery fee, cutlery (before tax), each tax, the tip (after tax) and the total, as
 * given: the checkout's summary and the completed page's receipt.
 */
export function OrderTotalsList({
  totals,
  cutleryCount,
  deliveryFee,
}: {
  totals: SummaryTotals;
  cutleryCount: number;
  deliveryFee: boolean;
}) {
  return (
    <dl className="checkout-totals" aria-live="polite">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
      {deliveryFee ? (
        <div>
          <dt>Delivery Fee</dt>
          <dd>{formatCents(totals.deliveryFeeCents)}</dd>
        </div>
      ) : null}
      {cutleryCount > 0 || totals.cutleryCents > 0 ? (
        <div>
          <dt>Cutlery, plates &amp; napkins ({cutleryCount} × $0.50)</dt>
          <dd>{formatCents(totals.cutleryCents)}</dd>
        </div>
      ) : null}
      <TaxAndTipRows taxLines={totals.taxLines} tipCents={totals.tipCents} />
      <div className="checkout-total">
        <dt>Total</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
