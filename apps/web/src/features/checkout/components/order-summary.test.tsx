// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeTotals, formatCents, type Tip } from '@caterway/domain';
import { quebecTotals } from '../../../test/quebec-order';
import { OrderSummary } from './order-summary';

// Each tax of the place of supply is its own rounded line (docs/decisions/033): a Quebec order
// shows GST and QST, and their cents add up to the tax in the total. The figures are
// computeTotals', the function the API charges with; the summary only shows them.

afterEach(cleanup);

/** $100.07 of food for pickup: GST $5.00 and QST $9.98 (one combined 14.975% line would say $14.99). */
const totals = (tip: Tip | null = null) => quebecTotals(tip, 'pickup');

/** The summary's totals as [label, amount] rows, in the order shown. */
function rows(): [string, string][] {
  const list = document.querySelector('dl.checkout-totals')!;
  return [...list.querySelectorAll(':scope > div')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);
}

describe('the checkout summary of a Quebec order', () => {
  it('shows GST and QST on their own lines, whose cents add up to the tax in the total', () => {
    const t = totals();
    render(
      <OrderSummary presetName="Lunch" lines={[]} totals={t} cutleryCount={0} receivingMethod="pickup" confirmed />,
    );
    expect(t.taxLines.map((l) => l.cents)).toEqual([500, 998]);
    expect(rows()).toEqual([
      ['Subtotal', '$100.07'],
      ['GST 5.000%', '$5.00'],
      ['QST 9.975%', '$9.98'],
      ['Total', '$115.05'],
    ]);
    expect(t.taxLines[0]!.cents + t.taxLines[1]!.cents).toBe(t.taxCents);
    expect(t.subtotalCents + t.taxCents).toBe(t.totalCents);
    expect(screen.queryByText(/GST\+QST/)).toBeNull();
  });

  it('shows the tip on its own line after the taxes, untaxed, in the total', () => {
    const t = totals({ percent: 15 });
    render(
      <OrderSummary presetName="Lunch" lines={[]} totals={t} cutleryCount={0} receivingMethod="pickup" confirmed />,
    );
    // 15% of the food subtotal, rounded half up; the taxes are the same as without a tip
    expect(t.tipCents).toBe(1501);
    expect(rows().slice(1)).toEqual([
      ['GST 5.000%', '$5.00'],
      ['QST 9.975%', '$9.98'],
      ['Tip', formatCents(1501)],
      ['Total', formatCents(10_007 + 1498 + 1501)],
    ]);
  });

  it('names a US sales tax with its jurisdiction', () => {
    const t = computeTotals({
      lines: [{ unitPriceCents: 10_000, quantity: 1, menuItems: [] }],
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: [{ name: 'Sales Tax', ratePercent: 10.55, jurisdiction: 'Seattle, WA' }],
    });
    render(
      <OrderSummary presetName="Lunch" lines={[]} totals={t} cutleryCount={0} receivingMethod="pickup" confirmed />,
    );
    expect(rows()).toContainEqual(['Sales Tax (Seattle, WA) 10.550%', '$10.55']);
  });
});
