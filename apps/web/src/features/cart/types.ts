import type { PresetDetail as WirePresetDetail } from '@caterway/contracts';
import type { Camelize } from '../../types/catalogue';

// The wire shapes the cart reads, camelCased by the API client (lib/api-client.ts).
export type Preset = Camelize<WirePresetDetail>;
export type Chef = Preset['chefs'][number];
export type Menu = Chef['menus'][number];
/** POST api/v2/delivery_fee_by_distance (contracts deliveryFeeResponseSchema, camelCased). */
export interface DeliveryFeeResponse {
  deliveryFee: number;
  distanceKm: number | null;
  deliverable: boolean;
  ranges: { minKm: number; maxKm: number; feeCents: number }[];
  storeHours: Record<string, { enabled: boolean; open: string; close: string }>;
}
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
