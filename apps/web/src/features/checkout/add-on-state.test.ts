import { describe, expect, it } from 'vitest';
import type { CheckoutState } from '../../types/checkout-state';
import { addOnCheckoutState, isAddOnCheckoutState } from './add-on-state';
import type { CateringOrderDetail } from './api/catering-order-detail';

// /add_on_checkout's navigation state (ordering-payments §2: it also receives addLastTimeItem
// and parentToken; §3 'Add-on order info': parentTokanizeLink).

const cartState = {
  preset: { id: 7 },
  deliveryPriceCents: 1200,
  checkoutData: [],
  restaurantAddress: '1 King St',
  receivingMethod: 'delivery',
} as unknown as CheckoutState;

function draft(presetItems: unknown[] = []): CateringOrderDetail {
  return {
    id: 41,
    purchaseId: 'p-41',
    deliveryDate: '2026-12-01',
    deliveryTime: '11:30 AM',
    deliveryAddress: '1 King St W, Toronto',
    deliverySuiteAddress: 'Suite 4',
    presetItems,
    addOn: {
      parentOrderId: 40,
      parentOrderNumber: 'CW-40',
      parentTokanizeLink: '/chefs/sakura-sushi/40',
      orderDateTime: '2026-12-01T16:30:00.000Z',
      displayDeliveryDateTime: 'Tuesday, December 1, 2026 at 11:30 AM',
      orderDeliveryInPast: false,
    },
  } as unknown as CateringOrderDetail;
}

describe('the add-on checkout state', () => {
  it("carries the parent's link as parentToken, no delivery fee, and the draft", () => {
    const state = addOnCheckoutState(cartState, draft());
    expect(state).toMatchObject({
      deliveryPriceCents: 0,
      parentToken: '/chefs/sakura-sushi/40',
      addLastTimeItem: false,
      addOn: {
        orderId: 41,
        purchaseId: 'p-41',
        parent: {
          date: '2026-12-01',
          time: '11:30 AM',
          address2: 'Suite 4',
          display: 'Tuesday, December 1, 2026 at 11:30 AM',
        },
      },
    });
    expect(isAddOnCheckoutState(state)).toBe(true);
  });

  it('says addLastTimeItem when the draft kept items from an earlier visit', () => {
    expect(addOnCheckoutState(cartState, draft([{ id: 1, menuId: 3, quantity: 2 }])).addLastTimeItem).toBe(true);
  });

  it('is not an add-on state without parentToken or addLastTimeItem (an older tab, a hand-made state)', () => {
    const { parentToken: _p, ...noToken } = addOnCheckoutState(cartState, draft());
    const { addLastTimeItem: _a, ...noFlag } = addOnCheckoutState(cartState, draft());
    expect(isAddOnCheckoutState(noToken)).toBe(false);
    expect(isAddOnCheckoutState(noFlag)).toBe(false);
    expect(isAddOnCheckoutState(null)).toBe(false);
  });
});
