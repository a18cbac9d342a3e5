import type { z } from 'zod';
import type {
  PartnerAnswerBody,
  PartnerAnswerLinkAnswerBody,
  PartnerAnswerLinkResponse,
  PartnerCapacity,
  PartnerPrepList,
  PartnerSettings,
  PartnerStats,
  PartnerInviteAcceptBody,
  partnerInviteAcceptResponseSchema,
  PartnerInviteBody,
  partnerInviteLookupResponseSchema,
  PartnerInvite,
  PartnerOrderDetailResponse,
  PartnerOrdersQuery,
  PartnerOrdersResponse,
  PartnerRestaurant,
  PartnerRestaurantsResponse,
  PartnerTeamResponse,
} from '../partner.js';
import type { CallOptions, Transport } from './transport.js';

// The restaurant portal (issue 19, docs/decisions/047): the caller's restaurants, a restaurant's
// team and invitations, and the orders that reached it with their answers. Every path after
// /restaurants/{chefId} answers 404 for a restaurant the caller has no role on.

const base = '/api/v2/partner';
const restaurant = (chefId: number) => `${base}/restaurants/${chefId}`;

export type PartnerInviteLookup = z.infer<typeof partnerInviteLookupResponseSchema>;
export type PartnerInviteAccepted = z.infer<typeof partnerInviteAcceptResponseSchema>;

/** Query keys of the portal. */
export const partnerKeys = {
  all: ['partner'] as const,
  restaurants: () => [...partnerKeys.all, 'restaurants'] as const,
  restaurant: (chefId: number) => [...partnerKeys.all, 'restaurant', chefId] as const,
  team: (chefId: number) => [...partnerKeys.restaurant(chefId), 'team'] as const,
  orderLists: (chefId: number) => [...partnerKeys.restaurant(chefId), 'orders'] as const,
  orders: (chefId: number, query: PartnerOrdersQuery) => [...partnerKeys.orderLists(chefId), query] as const,
  order: (chefId: number, orderId: number) => [...partnerKeys.restaurant(chefId), 'order', orderId] as const,
  settings: (chefId: number) => [...partnerKeys.restaurant(chefId), 'settings'] as const,
  capacity: (chefId: number) => [...partnerKeys.restaurant(chefId), 'capacity'] as const,
  stats: (chefId: number) => [...partnerKeys.restaurant(chefId), 'stats'] as const,
};

export function partnerClient(send: Transport) {
  return {
    /** GET api/v2/partner/restaurants: the restaurants the caller has a role on (every one for operations) */
    restaurants: (o?: CallOptions) =>
      send<PartnerRestaurantsResponse>('GET', `${base}/restaurants`, o).then((r) => r.restaurants),
    /** GET api/v2/partner/restaurants/{chefId} */
    restaurant: (chefId: number, o?: CallOptions) => send<PartnerRestaurant>('GET', restaurant(chefId), o),
    /** GET api/v2/partner/restaurants/{chefId}/team: managers and owners */
    team: (chefId: number, o?: CallOptions) => send<PartnerTeamResponse>('GET', `${restaurant(chefId)}/team`, o),
    /** POST api/v2/partner/restaurants/{chefId}/invites: 429 after 50 a day */
    invite: (chefId: number, body: PartnerInviteBody, o?: CallOptions) =>
      send<PartnerInvite>('POST', `${restaurant(chefId)}/invites`, { ...o, body }),
    /** POST api/v2/partner/invites/lookup: what an invitation link offers (public) */
    lookupInvite: (token: string, o?: CallOptions) =>
      send<PartnerInviteLookup>('POST', `${base}/invites/lookup`, { ...o, body: { token }, auth: 'none' }),
    /** POST api/v2/partner/invites/accept: a new account's name and password, or the signed-in account */
    acceptInvite: (body: PartnerInviteAcceptBody, o?: CallOptions) =>
      send<PartnerInviteAccepted>('POST', `${base}/invites/accept`, { ...o, body }),
    /** POST api/v2/partner/answer-links/lookup: what an email's Accept or Decline link is about (public) */
    lookupAnswerLink: (token: string, o?: CallOptions) =>
      send<PartnerAnswerLinkResponse>('POST', `${base}/answer-links/lookup`, { ...o, body: { token }, auth: 'none' }),
    /** POST api/v2/partner/answer-links/answer: the link's answer (a decline with its reason); 409 once answered */
    answerByLink: (body: PartnerAnswerLinkAnswerBody, o?: CallOptions) =>
      send<PartnerAnswerLinkResponse>('POST', `${base}/answer-links/answer`, { ...o, body, auth: 'none' }),
    /** GET api/v2/partner/restaurants/{chefId}/orders?view=waiting|upcoming|past */
    orders: (chefId: number, query: PartnerOrdersQuery, o?: CallOptions) =>
      send<PartnerOrdersResponse>('GET', `${restaurant(chefId)}/orders`, { ...o, query }),
    /** GET api/v2/partner/restaurants/{chefId}/orders/{orderId}: the order as the kitchen needs it */
    order: (chefId: number, orderId: number, o?: CallOptions) =>
      send<PartnerOrderDetailResponse>('GET', `${restaurant(chefId)}/orders/${orderId}`, o).then((r) => r.order),
    /** POST .../orders/{orderId}/answers: accept, decline (reason) or acknowledge; 409 when already answered or superseded */
    answer: (chefId: number, orderId: number, body: PartnerAnswerBody, o?: CallOptions) =>
      send<PartnerOrderDetailResponse>('POST', `${restaurant(chefId)}/orders/${orderId}/answers`, { ...o, body }).then(
        (r) => r.order,
      ),
    /** GET .../settings (managers and owners): notification addresses and auto-accept */
    settings: (chefId: number, o?: CallOptions) =>
      send<{ settings: PartnerSettings }>('GET', `${restaurant(chefId)}/settings`, o).then((r) => r.settings),
    /** PUT .../settings: 422 with messages */
    saveSettings: (chefId: number, body: PartnerSettings, o?: CallOptions) =>
      send<{ settings: PartnerSettings }>('PUT', `${restaurant(chefId)}/settings`, { ...o, body }).then(
        (r) => r.settings,
      ),
    /** GET .../capacity */
    capacity: (chefId: number, o?: CallOptions) =>
      send<{ capacity: PartnerCapacity }>('GET', `${restaurant(chefId)}/capacity`, o).then((r) => r.capacity),
    /** PUT .../capacity (managers and owners) */
    saveCapacity: (chefId: number, body: PartnerCapacity, o?: CallOptions) =>
      send<{ capacity: PartnerCapacity }>('PUT', `${restaurant(chefId)}/capacity`, { ...o, body }).then(
        (r) => r.capacity,
      ),
    /** GET .../stats: the last 90 days' answers */
    stats: (chefId: number, o?: CallOptions) =>
      send<{ stats: PartnerStats }>('GET', `${restaurant(chefId)}/stats`, o).then((r) => r.stats),
    /** GET .../prep-list?date */
    prepList: (chefId: number, date: string, o?: CallOptions) =>
      send<{ prep_list: PartnerPrepList }>('GET', `${restaurant(chefId)}/prep-list`, { ...o, query: { date } }).then(
        (r) => r.prep_list,
      ),
    /** GET .../prep-list.pdf?date: a file */
    prepListPdf: (chefId: number, date: string, o?: CallOptions) =>
      send<Blob>('GET', `${restaurant(chefId)}/prep-list.pdf`, { ...o, query: { date }, answer: 'blob' }),
    /** GET .../orders/{orderId}/labels.pdf: a group order's meal labels, a file */
    labelsPdf: (chefId: number, orderId: number, o?: CallOptions) =>
      send<Blob>('GET', `${restaurant(chefId)}/orders/${orderId}/labels.pdf`, { ...o, answer: 'blob' }),
    /** GET .../orders/{orderId}/ticket.pdf: a file */
    ticketPdf: (chefId: number, orderId: number, o?: CallOptions) =>
      send<Blob>('GET', `${restaurant(chefId)}/orders/${orderId}/ticket.pdf`, { ...o, answer: 'blob' }),
  };
}

export type PartnerClient = ReturnType<typeof partnerClient>;
