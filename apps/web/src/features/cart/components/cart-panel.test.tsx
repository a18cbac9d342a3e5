import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { computeTotals, formatCents } from '@caterway/domain';
import { deliveryFeeKeys } from '../api/get-delivery-fee';
import { defaultLines } from '../cart-model';
import { CartSourceProvider, memoryCartSource } from '../cart-source';
import { delivery, preset } from '../cart.test-helpers';
import type { CartDelivery } from '../types';
import { CartPanel } from './cart-panel';

// The cart panel's total is computeTotals' with the real inputs (issue 16 item 1): the cutlery
// count it is given (the edit page's), the fetched delivery fee, the preset's tax; no cutlery
// line without cutlery.

const FEE_CENTS = 1250;

function render(props: { cutleryCount?: number; receivingMethod?: CartDelivery['receivingMethod']; addOn?: boolean }) {
  const client = new QueryClient();
  const where = { ...delivery, receivingMethod: props.receivingMethod ?? 'delivery' };
  client.setQueryData(deliveryFeeKeys.detail({ chefId: preset.chefs[0]!.id, lat: where.lat, lng: where.lng, address: where.address }), {
    deliveryFee: FEE_CENTS,
    distanceKm: 2,
    deliverable: true,
    ranges: [],
    storeHours: {},
  });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <CartSourceProvider value={memoryCartSource(defaultLines(preset))}>
        <CartPanel preset={preset} delivery={where} isRestaurant={false} onCheckout={() => undefined} footer={<span />} cutleryCount={props.cutleryCount} addOn={props.addOn} />
      </CartSourceProvider>
    </QueryClientProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

/** The domain's totals of the preset's default cart: 6 x $15.00 and 2 x $8.00. */
const expected = (cutleryCount: number, receivingMethod: CartDelivery['receivingMethod']) =>
  computeTotals({
    lines: [
      { unitPriceCents: 1500, quantity: 6, menuItems: [{ priceCents: 0, quantity: 6 }] },
      { unitPriceCents: 800, quantity: 2, menuItems: [] },
    ],
    receivingMethod,
    deliveryFeeCents: FEE_CENTS,
    cutleryCount,
    taxes: [{ name: 'HST', ratePercent: 13 }],
  });

describe('CartPanel totals', () => {
  it('adds the cutlery it is given, with its line, to the delivery total', () => {
    const { text } = render({ cutleryCount: 37 });
    const totals = expected(37, 'delivery');
    expect(totals.cutleryCents).toBe(1850);
    expect(text).toContain(`Cutlery (37) ${formatCents(1850)}`);
    expect(text).toContain(`Delivery Fee ${formatCents(FEE_CENTS)}`);
    expect(text).toContain(`HST 13.000% ${formatCents(totals.taxCents)}`);
    expect(text).toContain(`Total ${formatCents(totals.totalCents)}`);
  });

  it('prices pickup without the delivery fee and with the cutlery', () => {
    const { text } = render({ cutleryCount: 5, receivingMethod: 'pickup' });
    expect(text).not.toContain('Delivery Fee');
    expect(text).toContain(`Total ${formatCents(expected(5, 'pickup').totalCents)}`);
  });

  it('prices an add-on (the edit page of an add-on order) without a delivery fee, as the server does', () => {
    const { text } = render({ cutleryCount: 8, addOn: true });
    expect(text).not.toContain('Delivery Fee');
    expect(text).toContain(`Total ${formatCents(expected(8, 'pickup').totalCents)}`);
  });

  it('shows no cutlery line without cutlery (the storefront cart), and its total has none', () => {
    for (const cutleryCount of [undefined, 0]) {
      const { text } = render({ cutleryCount });
      expect(text).not.toContain('Cutlery');
      expect(text).toContain(`Total ${formatCents(expected(0, 'delivery').totalCents)}`);
    }
  });
});
