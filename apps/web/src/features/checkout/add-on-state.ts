import type { CheckoutState } from '../../types/checkout-state';
import type { CateringOrderDetail } from './api/catering-order-detail';
import type { AddOnCheckout } from './checkout-types';

/**
 * The navigation state of /add_on_checkout (ordering-payments §2: the checkout's state, and
 * also addLastTimeItem and parentToken): the cart, no delivery fee, the add-on draft, the
 * parent's parentTokanizeLink as parentToken (the checkout sends it back as parent_token: the
 * server refuses it for another parent's add-on), and addLastTimeItem: the cart started from
 * the items this draft held from an earlier visit.
 */
export type AddOnCheckoutState = CheckoutState & {
  addOn: AddOnCheckout;
  parentToken: string;
  addLastTimeItem: boolean;
};

export function addOnCheckoutState(state: CheckoutState, order: CateringOrderDetail): AddOnCheckoutState {
  const parent = order.addOn!;
  return {
    ...state,
    deliveryPriceCents: 0,
    addOn: {
      orderId: order.id,
      purchaseId: order.purchaseId,
      parent: {
        date: order.deliveryDate,
        time: order.deliveryTime,
        address: order.deliveryAddress,
        address2: order.deliverySuiteAddress,
        display: parent.displayDeliveryDateTime,
      },
      poNumber: order.poNumber,
      costCentre: order.costCentre,
    },
    parentToken: parent.parentTokanizeLink,
    addLastTimeItem: lastTimeItems(order),
  };
}

/** The add-on draft kept items from an earlier visit (a checkout left before paying). */
export const lastTimeItems = (order: CateringOrderDetail): boolean => order.presetItems.length > 0;

export function isAddOnCheckoutState(value: unknown): value is AddOnCheckoutState {
  const s = value as Partial<AddOnCheckoutState> | null;
  return Boolean(
    s &&
    typeof s === 'object' &&
    s.preset &&
    Array.isArray(s.checkoutData) &&
    s.addOn &&
    typeof s.addOn.orderId === 'number' &&
    typeof s.addOn.purchaseId === 'string' &&
    typeof s.parentToken === 'string' &&
    typeof s.addLastTimeItem === 'boolean',
  );
}
