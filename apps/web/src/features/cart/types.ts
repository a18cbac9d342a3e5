import type { PresetDetail as WirePresetDetail } from '@caterway/contracts';
import type { Camelize } from '../../types/catalogue';

// The wire shapes the cart reads, camelCased (api/clients.ts).
export type Preset = Camelize<WirePresetDetail>;
export type Chef = Preset['chefs'][number];
export type Menu = Chef['menus'][number];
export type { CartLine, CartServingDetail, CheckoutState } from '../../types/checkout-state';

/** What the cart needs to know about where and when (the delivery bar's saved details). */
export interface CartDelivery {
  address: string;
  lat: number | null;
  lng: number | null;
  /** yyyy-MM-dd */
  deliveryDate: string;
  /** hh:mm a */
  deliveryTime: string;
  receivingMethod: 'delivery' | 'pickup';
}
