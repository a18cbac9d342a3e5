import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { computeTotals, formatCents, type TaxComponent, type Tip } from '@caterway/domain';
import { quebecTaxes } from '../../../test/quebec-order';
import { deliveryFeeQueryOptions } from '../api/get-delivery-fee';
import { defaultLines } from '../cart-model';
import { CartSourceProvider, memoryCartSource } from '../cart-source';
import { delivery, preset as ontario } from '../cart.test-helpers';
import type { CartDelivery, Preset } from '../types';
import { CartPanel } from './cart-panel';

// The cart panel's total is computeTotals' with the real inputs (issue 16 item 1): the cutlery
// count it is given (the edit page's), the fetched delivery fee, the preset's tax; no cutlery
// line without cutlery.

const FEE_CENTS = 1250;

function render(props: {
  cutleryCount?: number;
  receivingMethod?: CartDelivery['receivingMethod'];
  addOn?: boolean;
  tip?: Tip | null;
  preset?: Preset;
}) {
  const preset = props.preset ?? ontario;
  const client = new QueryClient();
  const where = { ...delivery, receivingMethod: props.receivingMethod ?? 'delivery' };
  client.setQueryData(
    deliveryFeeQueryOptions({ chefId: preset.chefs[0]!.id, lat: where.lat, lng: where.lng, address: where.address })
      .queryKey,
    {
      deliveryFee: FEE_CENTS,
      distanceKm: 2,
      deliverable: true,
      ranges: [],
      storeHours: {},
    },
  );
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <CartSourceProvider value={memoryCartSource(defaultLines(preset))}>
        <CartPanel
          preset={preset}
          delivery={where}
          isRestaurant={false}
          onCheckout={() => undefined}
          footer={<span />}
          cutleryCount={props.cutleryCount}
          addOn={props.addOn}
          tip={props.tip}
        />
      </CartSourceProvider>
    </QueryClientProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

/** The domain's totals of the preset's default cart: 6 x $15.00 and 2 x $8.00. */
const expected = (
  cutleryCount: number,
  receivingMethod: CartDelivery['receivingMethod'],
  taxes: TaxComponent[] = [{ name: 'HST', ratePercent: 13 }],
  tip: Tip | null = null,
) =>
  computeTotals({
    lines: [
      { unitPriceCents: 1500, quantity: 6, menuItems: [{ priceCents: 0, quantity: 6 }] },
      { unitPriceCents: 800, quantity: 2, menuItems: [] },
    ],
    receivingMethod,
    deliveryFeeCents: FEE_CENTS,
    cutleryCount,
    taxes,
    tip,
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

describe('CartPanel tax lines and tip (docs/decisions/033)', () => {
  const quebec = { ...ontario, taxName: 'GST+QST', taxRate: 14.975, taxLines: quebecTaxes } as Preset;

  it("shows a Quebec cart's GST and QST on their own lines, whose cents add up to the tax in the total", () => {
    const { text } = render({ preset: quebec });
    const totals = expected(0, 'delivery', quebecTaxes);
    const [gst, qst] = totals.taxLines;
    expect(text).toContain(`GST 5.000% ${formatCents(gst!.cents)}`);
    expect(text).toContain(`QST 9.975% ${formatCents(qst!.cents)}`);
    expect(gst!.cents + qst!.cents).toBe(totals.taxCents);
    expect(text).toContain(`Total ${formatCents(totals.totalCents)}`);
    expect(text).not.toContain('GST+QST');
    expect(text).not.toContain('Tip');
  });

  it("adds the edit page's tip after the taxes, untaxed", () => {
    const { text } = render({ preset: quebec, tip: { percent: 18 } });
    const totals = expected(0, 'delivery', quebecTaxes, { percent: 18 });
    // 18% of the food ($106.00), the taxes as without a tip
    expect(totals.tipCents).toBe(1908);
    expect(totals.taxCents).toBe(expected(0, 'delivery', quebecTaxes).taxCents);
    expect(text).toContain(
      `QST 9.975% ${formatCents(totals.taxLines[1]!.cents)} Tip ${formatCents(1908)} Total ${formatCents(totals.totalCents)}`,
    );
  });
});
