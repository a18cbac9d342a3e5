import type { CheckoutOrder as WireCheckoutOrder, Profile as WireProfile } from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// Checkout's wire shapes after the API client camelCases them (packages/contracts orders.ts, auth.ts).
export type CheckoutOrder = Camelize<WireCheckoutOrder>;
export type OrderTotals = CheckoutOrder['totals'];
export type AccountProfile = Camelize<WireProfile>;

export interface FinalizedOrder {
  id: number;
  orderNumber: string;
  status: string;
  totalCents: number;
  /** scheduled: authorised 5 days before delivery; requires_action: 3-D Secure with clientSecret */
  paymentStatus: 'authorized' | 'processing' | 'captured' | 'failed' | 'scheduled' | 'requires_action';
  clientSecret?: string;
  paymentIntentId?: string;
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  session: () => [...checkoutKeys.all, 'session'] as const,
  currentUser: () => [...checkoutKeys.all, 'current-user'] as const,
};
