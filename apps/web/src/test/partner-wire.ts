import type { z } from 'zod';
import type {
  partnerOrderDetailSchema,
  partnerOrderSchema,
  partnerRequestSchema,
  partnerRestaurantSchema,
} from '@caterway/contracts';

// Wire (snake_case) bodies of the restaurant portal's API for component tests' MSW handlers,
// typed as the contract's input (packages/contracts/src/partner.ts).

type Wire<S extends z.ZodType> = z.input<S>;

/** Maple Kitchen (chef 1) in Toronto, where the caller is `role`. */
export function partnerRestaurant(
  over: Partial<Wire<typeof partnerRestaurantSchema>> = {},
): Wire<typeof partnerRestaurantSchema> {
  return {
    id: 1,
    slug: 'maple-kitchen',
    name: 'Maple Kitchen',
    city: 'Toronto',
    time_zone: 'America/Toronto',
    role: 'owner',
    ...over,
  };
}

export function partnerRequest(
  over: Partial<Wire<typeof partnerRequestSchema>> = {},
): Wire<typeof partnerRequestSchema> {
  return {
    id: 901,
    kind: 'new_order',
    received_at: '2026-11-27T14:05:00Z',
    answer: null,
    answered_at: null,
    answered_by: null,
    decline_reason: null,
    decline_note: '',
    summary: '',
    ...over,
  };
}

/**
 * Order CW-1041 waiting for Maple Kitchen's answer: a new order of Dana Park (Maple Analytics)
 * for 24, delivered on Tuesday, December 1 at 11:30 AM, $412.50 of food, to accept or decline.
 */
export function partnerOrder(over: Partial<Wire<typeof partnerOrderSchema>> = {}): Wire<typeof partnerOrderSchema> {
  return {
    id: 41,
    order_number: 'CW-1041',
    status: 'pending',
    status_label: 'Waiting for the restaurant',
    delivery_at: '2026-12-01T16:30:00Z',
    display_delivery_date_time: 'Tue, Dec 1 at 11:30 AM',
    time_zone: 'America/Toronto',
    order_type: 'delivery',
    portions: 24,
    preset_name: 'Maple Kitchen',
    customer: { name: 'Dana Park', company_name: 'Maple Analytics' },
    items_total_cents: 41_250,
    request: partnerRequest(),
    actions: ['accept', 'decline'],
    ...over,
  };
}

/** partnerOrder() with what the kitchen needs: two dishes, one with options, the address and contact. */
export function partnerOrderDetail(
  over: Partial<Wire<typeof partnerOrderDetailSchema>> = {},
): Wire<typeof partnerOrderDetailSchema> {
  const order = partnerOrder();
  return {
    ...order,
    items: [
      {
        name: 'Butter chicken tray',
        quantity: 2,
        options: [{ name: 'Extra naan', quantity: 12 }],
        note: 'Mild, please',
      },
      { name: 'Garden salad', quantity: 1, options: [], note: '' },
    ],
    delivery_address: '1 Yonge St, Suite 1800, Toronto, ON',
    delivery_instructions: 'Reception on 18',
    serving_style: 'Family Style',
    cutlery: 24,
    contact: { name: 'Sam Lee', phone: '416-555-0199' },
    requests: [order.request],
    group_order: false,
    ...over,
  };
}
