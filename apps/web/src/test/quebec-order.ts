import { computeTotals, type Tip } from '@caterway/domain';

// A Quebec order for the component tests of the totals (docs/decisions/033): GST and QST are two
// taxes, each rounded on its own line.

export const quebecTaxes = [
  { name: 'GST', ratePercent: 5, jurisdiction: null },
  { name: 'QST', ratePercent: 9.975, jurisdiction: null },
];

/**
 * computeTotals of $100.07 of food delivered for a $12.50 fee in Quebec: GST $5.63 and QST $11.23.
 * (For pickup, without the fee: GST $5.00 and QST $9.98, where one combined 14.975% line would
 * say $14.99.)
 */
export const quebecTotals = (tip: Tip | null = null, receivingMethod: 'delivery' | 'pickup' = 'delivery') =>
  computeTotals({
    lines: [{ unitPriceCents: 10_007, quantity: 1, menuItems: [] }],
    receivingMethod,
    deliveryFeeCents: 1250,
    cutleryCount: 0,
    taxes: quebecTaxes,
    tip,
  });
