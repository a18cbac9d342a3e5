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
  paymentStatus: 'authorized' | 'processing' | 'captured' | 'failed';
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  session: () => [...checkoutKeys.all, 'session'] as const,
  currentUser: () => [...checkoutKeys.all, 'current-user'] as const,
};
