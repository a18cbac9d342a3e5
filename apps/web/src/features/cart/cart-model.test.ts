import { describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { cartPriceChanges } from '../checkout/components/checkout-page';
import {
  additionalMenus,
  cartTotals,
  defaultLines,
  hydrateLines,
  lineProblem,
  newLine,
  sameCart,
  scheduleProblem,
} from './cart-model';
import { delivery, preset } from './cart.test-helpers';
import { checkoutProblem } from './checkout-check';
import { groupOrderHref } from './components/preset-actions';
import type { Preset } from './types';

const now = new Date('2026-11-23T12:00:00-05:00'); // a Monday

describe('cart model', () => {
  it('starts from the preset items, priced from the menus', () => {
    const lines = defaultLines(preset);
    expect(lines.map((l) => [l.id, l.menuName, l.quantity, l.lineTotalCents])).toEqual([
      [501, 'Dish 11', 6, 9000],
      [502, 'Dish 12', 2, 1600],
    ]);
  });

  it("keeps a saved cart's prices as saved, so the checkout can say which changed (decision 060)", () => {
    const saved: Preset = {
      ...preset,
      presetType: 'save_for_later',
      presetItems: preset.presetItems.map((item, i) => ({ ...item, savedUnitPriceCents: i === 0 ? 1250 : null })),
    };
    const lines = defaultLines(saved);
    expect(lines.map((l) => [l.menuName, l.unitPriceCents, l.addedUnitPriceCents])).toEqual([
      ['Dish 11', 1500, 1250],
      ['Dish 12', 800, undefined],
    ]);
    expect(cartPriceChanges(lines)).toEqual([{ menuName: 'Dish 11', fromCents: 1250, toCents: 1500 }]);
    expect(defaultLines(preset).every((l) => l.addedUnitPriceCents === undefined)).toBe(true);
  });

  it('recognises the default cart and ignores zero menu items and trailing spaces', () => {
    const lines = defaultLines(preset);
    const same = lines.map((l) => ({
      ...l,
      menuItemsMapping: { ...l.menuItemsMapping, '112': 0 },
      specialInstruction: ` ${l.specialInstruction} `,
    }));
    expect(sameCart(lines, same)).toBe(true);
    expect(sameCart(lines, [{ ...lines[0]!, quantity: 7 }, lines[1]!])).toBe(false);
  });

  it('re-prices stored lines and drops unknown dishes and menu items', () => {
    const stored = [
      {
        id: 501,
        menuId: 11,
        quantity: 6,
        menuItemsMapping: { '111': 6, '999': 3 },
        specialInstruction: 'no nuts',
        servingDetails: [],
        unitPriceCents: 1,
        lineTotalCents: 1,
      },
      { id: 'x', menuId: 4040, quantity: 1, menuItemsMapping: {} },
    ];
    const lines = hydrateLines(preset, stored);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      menuItemsMapping: { '111': 6 },
      unitPriceCents: 1500,
      lineTotalCents: 9000,
      specialInstruction: 'no nuts',
    });
  });

  it('keeps the price a stored line was added at (the checkout compares it with today’s)', () => {
    const [line] = hydrateLines(preset, [
      { id: 501, menuId: 11, quantity: 6, menuItemsMapping: {}, unitPriceCents: 1200, lineTotalCents: 7200 },
    ]);
    expect(line).toMatchObject({ unitPriceCents: 1500, addedUnitPriceCents: 1200 });
    // stored again (the cart edited), then read back: still the price it was added at
    const [again] = hydrateLines(preset, [{ ...line!, unitPriceCents: 1500 }]);
    expect(again!.addedUnitPriceCents).toBe(1200);
    // the default cart is never stored: nothing was added at another price
    expect(defaultLines(preset).every((l) => l.addedUnitPriceCents === undefined)).toBe(true);
  });

  it('lets a dish with a longer lead time of its own set the notice, naming it', () => {
    const slow = structuredClone(preset);
    slow.chefs[0]!.menus.find((m) => m.id === 11)!.leadTimeHours = 240;
    const when = { deliveryDate: '2026-12-02', deliveryTime: '08:00 PM' };
    expect(scheduleProblem(slow, when, now, [{ menuId: 11 }])).toBe(messages.leadTimeNotMet(240, 'Dish 11'));
    expect(scheduleProblem(slow, when, now, [{ menuId: 12 }])).toBeNull();
    expect(scheduleProblem(slow, { ...when, deliveryDate: '2026-12-04' }, now, [{ menuId: 11 }])).toBeNull();
  });

  it('offers the chefs’ other dishes as additional items, added at their minimum', () => {
    const extra = additionalMenus(preset, defaultLines(preset));
    expect(extra.map((r) => r.menu.id)).toEqual([13]);
    const line = newLine(extra[0]!);
    expect(line).toMatchObject({ menuId: 13, quantity: 10, chefId: 1, lineTotalCents: 5000 });
    expect(typeof line.id).toBe('string');
  });

  it('leaves a sold-out dish out of the additional items', () => {
    const soldOut = { ...preset, soldOut: { menuIds: [13], menuItemIds: [] } } as Preset;
    expect(additionalMenus(soldOut, defaultLines(soldOut))).toEqual([]);
  });

  it('totals with computeTotals: delivery fee and tax for delivery, no fee for pickup', () => {
    const lines = defaultLines(preset);
    expect(cartTotals(preset, lines, 'delivery', 1000, 0)).toMatchObject({
      subtotalCents: 10600,
      deliveryFeeCents: 1000,
      cutleryCents: 0,
      taxCents: 1508,
      tipCents: 0,
      totalCents: 13108,
    });
    expect(cartTotals(preset, lines, 'delivery', 1000, 0).taxLines).toEqual([
      { name: 'HST', ratePercent: 13, jurisdiction: null, cents: 1508 },
    ]);
    expect(cartTotals(preset, lines, 'pickup', 1000, 0).totalCents).toBe(11978);
  });

  it('refuses checkout for an empty order, a per-item minimum, a chef minimum and then the schedule', () => {
    const lines = defaultLines(preset);
    const check = (l = lines, d = delivery) =>
      checkoutProblem({
        preset,
        lines: l,
        delivery: d,
        totals: cartTotals(preset, l, d.receivingMethod, 0, 0),
        isRestaurant: false,
        now,
      }).problem;
    expect(check([])).toBe(messages.noItems);
    expect(check([{ ...lines[0]!, menuItemsMapping: { '111': 3 } }, lines[1]!])).toBe(messages.minimumPerItemNotMet(5));
    expect(check([lines[1]!])).toBe(messages.chefMinimumNotMet('$100.00', 'Kitchen 1'));
    expect(check(lines, { ...delivery, deliveryDate: '2026-11-24', deliveryTime: '09:00 AM' })).toBe(
      messages.leadTimeNotMet(48),
    );
    expect(check(lines, { ...delivery, deliveryDate: '2026-12-05' })).toBe(messages.storeClosedOnDay);
    expect(check()).toBeNull();
  });

  it('checks store hours in the preset’s time zone', () => {
    expect(scheduleProblem(preset, { deliveryDate: '2026-12-02', deliveryTime: '09:00 PM' }, now)).toBe(
      messages.outsideStoreHours('08:00 AM', '08:00 PM'),
    );
    expect(scheduleProblem(preset, { deliveryDate: '2026-12-02', deliveryTime: '08:00 PM' }, now)).toBeNull();
  });

  it("refuses a delivery more than 90 days ahead with the server's message", () => {
    // now is 2026-11-23 in Toronto: the last day is 2027-02-21 (a Sunday, closed), 2027-02-19 a Friday
    expect(scheduleProblem(preset, { deliveryDate: '2027-02-19', deliveryTime: '11:30 AM' }, now)).toBeNull();
    expect(scheduleProblem(preset, { deliveryDate: '2027-02-22', deliveryTime: '11:30 AM' }, now)).toBe(
      messages.tooFarAhead(90, '2027-02-21'),
    );
  });

  it('ties menu items to their dish: none without it, none more than it, naming the dish', () => {
    const dish = preset.chefs[0]!.menus[0]!;
    expect(lineProblem({ quantity: 6, menuItemsMapping: { '111': 6, '112': 6 } }, dish)).toBeNull();
    expect(lineProblem({ quantity: 0, menuItemsMapping: { '111': 300, '112': 300 } }, dish)).toBe(
      messages.sidesNeedDish('Dish 11'),
    );
    expect(lineProblem({ quantity: 6, menuItemsMapping: { '111': 6, '112': 7 } }, dish)).toBe(
      messages.sidesExceedDish('Dish 11', 'Item 112', 7, 6),
    );
  });

  it('sends the group-order page the saved delivery details under their spec names', () => {
    expect(groupOrderHref('u-1', delivery, 'https://go.example/')).toBe(
      'https://go.example/group-orders/u-1?delivery_date=2026-12-02&delivery_time=11%3A30+AM&address=1+Yonge+St&lat=43.64&lng=-79.37',
    );
  });
});
