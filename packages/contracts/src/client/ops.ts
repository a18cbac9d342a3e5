import type {
  OpsNewRestaurantBody,
  OpsRestaurantResponse,
  OpsRestaurantsQuery,
  OpsRestaurantsResponse,
  OpsRestaurantStatusBody,
} from '../ops-restaurants.js';
import type {
  OpsEscalationsResponse,
  OpsOrderDetailResponse,
  OpsOrderEventBody,
  OpsOrdersQuery,
  OpsOrdersResponse,
} from '../ops.js';
import type { CallOptions, Transport } from './transport.js';

// The operations console (issue 5 item 1; staff only): placed orders by delivery day, one order
// with its history, and the staff's moves (accept, decline, delivery-ready, delivered, cancel).

const base = '/api/v2/ops/orders';

/** Query keys of the console. */
export const opsKeys = {
  all: ['ops'] as const,
  lists: () => [...opsKeys.all, 'list'] as const,
  list: (query: OpsOrdersQuery) => [...opsKeys.lists(), query] as const,
  detail: (id: number) => [...opsKeys.all, 'detail', id] as const,
  escalations: () => [...opsKeys.all, 'escalations'] as const,
  restaurantLists: () => [...opsKeys.all, 'restaurants'] as const,
  restaurants: (query: OpsRestaurantsQuery) => [...opsKeys.restaurantLists(), query] as const,
};

export function opsClient(send: Transport) {
  const detail = (r: OpsOrderDetailResponse) => r.order;
  return {
    /** GET api/v2/ops/orders?from&to: at most 62 days */
    orders: (query: OpsOrdersQuery, o?: CallOptions) =>
      send<OpsOrdersResponse>('GET', base, { ...o, query }).then((r) => r.orders),
    /** GET api/v2/ops/orders/{id}: the order and its events (who and when) */
    order: (id: number, o?: CallOptions) => send<OpsOrderDetailResponse>('GET', `${base}/${id}`, o).then(detail),
    /** GET api/v2/ops/escalations: requests restaurants left unanswered */
    escalations: (o?: CallOptions) =>
      send<OpsEscalationsResponse>('GET', '/api/v2/ops/escalations', o).then((r) => r.escalations),
    /** GET api/v2/ops/restaurants?q=&status=: onboarding and suspended ones first */
    restaurants: (query: OpsRestaurantsQuery, o?: CallOptions) =>
      send<OpsRestaurantsResponse>('GET', '/api/v2/ops/restaurants', { ...o, query }).then((r) => r.restaurants),
    /** POST api/v2/ops/restaurants: onboarding, its owner invited; 422 for an address that cannot be placed */
    addRestaurant: (body: OpsNewRestaurantBody, o?: CallOptions) =>
      send<OpsRestaurantResponse>('POST', '/api/v2/ops/restaurants', { ...o, body }).then((r) => r.restaurant),
    /** POST api/v2/ops/restaurants/{chefId}/status: live (needs a priced dish) or suspended (needs a reason) */
    setRestaurantStatus: (chefId: number, body: OpsRestaurantStatusBody, o?: CallOptions) =>
      send<OpsRestaurantResponse>('POST', `/api/v2/ops/restaurants/${chefId}/status`, { ...o, body }).then(
        (r) => r.restaurant,
      ),
    /** POST api/v2/ops/orders/{id}/events: 409 when someone else moved the order meanwhile */
    sendEvent: (id: number, body: OpsOrderEventBody, o?: CallOptions) =>
      send<OpsOrderDetailResponse>('POST', `${base}/${id}/events`, { ...o, body }).then(detail),
  };
}

export type OpsClient = ReturnType<typeof opsClient>;
