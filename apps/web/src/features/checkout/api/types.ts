import type {
  CheckoutOrder as WireCheckoutOrder,
  FinalizedOrderResponse,
  Profile as WireProfile,
} from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// Checkout's wire shapes as the contract clients answer them, camelCased (api/clients.ts;
// packages/contracts orders.ts, auth.ts).
export type CheckoutOrder = Camelize<WireCheckoutOrder>;
export type OrderTotals = CheckoutOrder['totals'];
export type AccountProfile = Camelize<WireProfile>;

/** scheduled: authorised 5 days before delivery; requires_action: 3-D Secure with clientSecret */
export type FinalizedOrder = Camelize<FinalizedOrderResponse['catering_order']>;
