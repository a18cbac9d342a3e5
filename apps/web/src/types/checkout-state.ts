import type { CheckoutLine as WireCheckoutLine, PresetDetail as WirePresetDetail } from '@caterway/contracts';
import type { Camelize } from './catalogue';

// The navigation state the cart hands to /checkout (ordering-payments §2 "Checkout"):
// navigate(paths.checkout, { state: CheckoutState }). Written by features/cart (via the
// restaurant and preset-detail routes), read by the /checkout route. Lives in types/ because
// two features share it and features do not import each other.

/** One cart line as the checkout form sends it (camelCased checkoutLineSchema) plus display data. */
export type CartLine = {
  /** the preset item id, or a client id (string) for an item added from "additional items" */
  id: number | string;
  menuId: number;
  chefId: number;
  quantity: number;
  /** menu item id (as a string key) -> quantity */
  menuItemsMapping: Record<string, number>;
  specialInstruction: string;
  servingDetails: CartServingDetail[];
  /** display only: the dish name */
  menuName: string;
  /** display only: the dish's unit price in cents (the server reprices) */
  unitPriceCents: number;
  /** display only: the line subtotal in cents (quantity x price + menu items) */
  lineTotalCents: number;
  /**
   * the dish's unit price when the line went into the cart, kept with the stored cart: after a
   * price change the checkout says so (decision 052); absent for a line not stored yet
   */
  addedUnitPriceCents?: number;
};

export type CartServingDetail = {
  id: number | string;
  items: { userName: string; quantity: number; dietaryType: string }[];
};

export type CheckoutState = {
  preset: Camelize<WirePresetDetail>;
  /** delivery fee by distance as fetched on the cart page, in cents (0 for pickup) */
  deliveryPriceCents: number;
  checkoutData: CartLine[];
  /** the first chef's address, shown for pickup */
  restaurantAddress: string;
  receivingMethod: 'delivery' | 'pickup';
};

/** Converts a cart line to the wire line of the order payload (prices are left out: the server reprices). */
export function toWireCheckoutLine(line: CartLine): WireCheckoutLine {
  return {
    id: line.id,
    menu_id: line.menuId,
    quantity: line.quantity,
    menu_items_mapping: { ...line.menuItemsMapping },
    special_instruction: line.specialInstruction,
    serving_details: line.servingDetails.map((d) => ({
      id: d.id,
      items: d.items.map((i) => ({ user_name: i.userName, quantity: i.quantity, dietary_type: i.dietaryType })),
    })),
  };
}
