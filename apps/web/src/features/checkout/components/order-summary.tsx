import { formatCents, formatTaxLabel } from '@caterway/domain';
import type { CartLine } from '../../../types/checkout-state';

export interface SummaryTotals {
  subtotalCents: number;
  deliveryFeeCents: number;
  cutleryCents: number;
  taxCents: number;
  totalCents: number;
}

export interface OrderSummaryProps {
  presetName: string;
  lines: CartLine[];
  totals: SummaryTotals | null;
  taxName: string;
  taxRate: number;
  cutleryCount: number;
  receivingMethod: 'delivery' | 'pickup';
  /** add-on totals omit the delivery fee (ordering-payments §9) */
  isAddOn?: boolean;
  /** true once the server's totals (the authority) are shown */
  confirmed: boolean;
}

function taxLabel(name: string, rate: number): string {
  try {
    return formatTaxLabel(name || 'HST', rate);
  } catch {
    return name || 'HST';
  }
}

/** The order summary (ordering-payments §9): subtotal, delivery fee, cutlery before tax, tax, total. */
export function OrderSummary({ presetName, lines, totals, taxName, taxRate, cutleryCount, receivingMethod, confirmed, isAddOn = false }: OrderSummaryProps) {
  const ordered = lines.filter((l) => l.quantity > 0 || Object.values(l.menuItemsMapping).some((q) => q > 0));
  return (
    <div className="order-summary">
      <h3 className="order-summary-name">{presetName}</h3>
      <ul className="order-lines">
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
        <dl className="order-totals" aria-live="polite">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(totals.subtotalCents)}</dd>
          </div>
          {receivingMethod === 'delivery' && !isAddOn ? (
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
          <div>
            <dt>{taxLabel(taxName, taxRate)}</dt>
            <dd>{formatCents(totals.taxCents)}</dd>
          </div>
          <div className="order-total">
            <dt>Total</dt>
            <dd>{formatCents(totals.totalCents)}</dd>
          </div>
        </dl>
      ) : null}
      {!confirmed ? <p className="muted order-estimate">Estimated; the final price is confirmed when you continue.</p> : null}
    </div>
  );
}
