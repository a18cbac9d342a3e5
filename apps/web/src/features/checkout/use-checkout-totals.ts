import { useMemo } from 'react';
import { computeTotals, priceCart, type PricingMenu } from '@caterway/domain';
import type { CheckoutState } from '../../types/checkout-state';
import type { CheckoutOrder } from './api/types';
import { cutleryCountOf, tipOf, type CheckoutFormValues } from './checkout-form';
import type { SummaryTotals } from './components/order-summary';

/** The cutlery count and tip a set of totals is computed for. */
export function pricingOf(values: CheckoutFormValues, isAddOn: boolean): string {
  return JSON.stringify([cutleryCountOf(values), isAddOn ? null : tipOf(values)]);
}

/**
 * The order summary's totals (ordering-payments §9): computeTotals in the browser, the same
 * function the API charges with, until the server's totals come back; those are the authority
 * while they were computed for the cutlery and tip the form has now.
 */
export function useCheckoutTotals(
  state: CheckoutState,
  values: CheckoutFormValues,
  isAddOn: boolean,
  order: CheckoutOrder | null,
  serverPricing: string | null,
) {
  const { preset, checkoutData, receivingMethod, deliveryPriceCents } = state;
  const cutleryCount = cutleryCountOf(values);
  // an add-on takes no tip of its own (its cart has none)
  const tip = useMemo(
    () => (isAddOn ? null : tipOf({ tip: values.tip, tipAmount: values.tipAmount })),
    [isAddOn, values.tip, values.tipAmount],
  );

  const localTotals = useMemo<SummaryTotals | null>(() => {
    const menus = new Map<number, PricingMenu>();
    for (const chef of preset.chefs) for (const menu of chef.menus) menus.set(menu.id, menu);
    try {
      let lines;
      try {
        lines = priceCart(checkoutData, menus);
      } catch {
        // A line the catalogue no longer has: price it as the cart showed it; the server decides.
        lines = checkoutData.map((l) => ({ unitPriceCents: l.lineTotalCents, quantity: 1, menuItems: [] }));
      }
      return computeTotals({
        lines,
        receivingMethod,
        deliveryFeeCents: deliveryPriceCents,
        cutleryCount,
        taxes: preset.taxLines,
        isAddOn,
        tip,
      });
    } catch {
      return null;
    }
  }, [preset, checkoutData, receivingMethod, deliveryPriceCents, cutleryCount, isAddOn, tip]);

  const serverTotals = order && serverPricing === pricingOf(values, isAddOn) ? order.totals : null;
  const totals: SummaryTotals | null = serverTotals ?? localTotals;
  return { cutleryCount, localTotals, totals, confirmed: Boolean(serverTotals) };
}
