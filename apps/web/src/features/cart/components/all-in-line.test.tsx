import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { computeTotals } from '@caterway/domain';
import { setHeadcount } from '../../../stores/headcount';
import { defaultLines } from '../cart-model';
import { preset as ontario } from '../cart.test-helpers';
import { AllInLine, type AllInLineProps } from './all-in-line';

// The cart's all-in price per person (issue 20; decision 071): the default cart of the helper's
// preset is 6 x $15.00 + 2 x $8.00 = $106.00, taxed at Ontario's HST 13%.

const preset = { ...ontario, numberOfGuests: 8 };
const lines = defaultLines(preset);

function render(props: Partial<AllInLineProps> = {}) {
  const html = renderToStaticMarkup(
    <AllInLine
      preset={preset}
      lines={lines}
      receivingMethod="delivery"
      deliveryFeeCents={1250}
      isRestaurant={false}
      {...props}
    />,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('AllInLine', () => {
  afterEach(() => setHeadcount(null));

  it("divides the cart's total with a cutlery set a head by the preset's own guests without a headcount", () => {
    // $106.00 + $12.50 delivery + 8 x $0.50 = $122.50; HST $15.93; $138.43 / 8 = $17.30375
    expect(render()).toBe(
      '$17.31 /person all-in · 8 people Food, delivery, 8 cutlery sets and tax, before tip: $138.43',
    );
  });

  it('is computeTotals of the same cart, fee and cutlery, divided by the headcount chosen', () => {
    setHeadcount(4);
    const totals = computeTotals({
      lines: [
        { unitPriceCents: 1500, quantity: 6, menuItems: [{ priceCents: 0, quantity: 6 }] },
        { unitPriceCents: 800, quantity: 2, menuItems: [] },
      ],
      receivingMethod: 'delivery',
      deliveryFeeCents: 1250,
      cutleryCount: 4,
      taxes: [{ name: 'HST', ratePercent: 13 }],
    });
    expect(totals.totalCents).toBe(13_617);
    expect(render()).toContain('$34.05 /person all-in · 4 people');
  });

  it("holds a restaurant's delivery to its minimum, as checkout does", () => {
    const text = render({ preset: { ...preset, minimumOrderAmountCents: 20_000 }, isRestaurant: true });
    expect(text).toContain('$25.00 /person all-in · 8 people');
    expect(text).toContain('before tip: $200.00');
  });

  it('prices pickup without a delivery fee', () => {
    // $106.00 + $4.00 cutlery = $110.00; HST $14.30; $124.30 / 8 = $15.5375
    expect(render({ receivingMethod: 'pickup', deliveryFeeCents: 0 })).toBe(
      '$15.54 /person all-in · 8 people Food, 8 cutlery sets and tax, before tip: $124.30',
    );
  });

  it('says nothing until the delivery fee to the address is known, or with an empty cart', () => {
    expect(render({ deliveryFeeCents: null })).toBe('');
    expect(render({ lines: [] })).toBe('');
  });
});
