import type { z } from 'zod';
import type { CreatedGroupOrder, CreateGroupOrderBody } from '../account-actions.js';
import type {
  GroupOrder,
  GroupOrderDashboardResponse,
  GroupOrderDetail,
  GroupOrderDetailsBody,
  groupOrderRemindersResponseSchema,
  JoinGroupOrderBody,
  joinGroupOrderResponseSchema,
  MemberChoiceResponse,
  PublicGroupOrderResponse,
} from '../group-orders.js';
import type { CallOptions, Transport } from './transport.js';

// Group orders (issue 6; browse-account-orders §3, §7): the storefront starts one and its My
// Orders reads and cancels it; the group-order site runs it for the creator and its members.
// One client and one set of query keys for both apps.

const enc = encodeURIComponent;
const base = '/api/v2/group_orders';

/** Query keys of group-order data, shared by both apps. */
export const groupOrderKeys = {
  all: ['group-orders'] as const,
  /** the creator's view of one group order, by uuid */
  creator: (uuid: string) => [...groupOrderKeys.all, 'creator', uuid] as const,
  dashboards: () => [...groupOrderKeys.all, 'dashboard'] as const,
  dashboard: (creatorId: number) => [...groupOrderKeys.dashboards(), creatorId] as const,
  /** My Orders' detail modal, by the entry's id */
  detail: (id: number | string) => [...groupOrderKeys.all, 'detail', String(id)] as const,
  /** what a share link's holder sees */
  publicGroup: (shareToken: string) => [...groupOrderKeys.all, 'public', shareToken] as const,
  /** the member's own choice */
  choice: (shareToken: string) => [...groupOrderKeys.publicGroup(shareToken), 'choice'] as const,
};

export type { CreatedGroupOrder, CreateGroupOrderBody };
export type JoinedGroupOrder = z.infer<typeof joinGroupOrderResponseSchema>;
export type RemindersSent = z.infer<typeof groupOrderRemindersResponseSchema>;

export function groupOrdersClient(send: Transport) {
  return {
    // ---- the creator (bearer or admin token in `headers`); {ref} is the uuid or the entry's id
    /** POST api/v2/group_orders: a group order for a preset with one chef -> 201 { uuid } */
    create: (body: CreateGroupOrderBody, o?: CallOptions) => send<CreatedGroupOrder>('POST', base, { body, ...o }),
    get: (ref: string | number, o?: CallOptions) =>
      send<{ group_order: GroupOrder }>('GET', `${base}/${enc(String(ref))}`, o).then((r) => r.group_order),
    saveDetails: (ref: string | number, body: GroupOrderDetailsBody, o?: CallOptions) =>
      send<{ group_order: GroupOrder }>('PUT', `${base}/${enc(String(ref))}`, { body, ...o }).then(
        (r) => r.group_order,
      ),
    dashboard: (creatorId: number, o?: CallOptions) =>
      send<GroupOrderDashboardResponse>('GET', `${base}/dashboard/${creatorId}`, o),
    sendReminders: (ref: string | number, o?: CallOptions) =>
      send<RemindersSent>('POST', `${base}/${enc(String(ref))}/reminders`, o),
    cancel: (ref: string | number, o?: CallOptions) => send<unknown>('DELETE', `${base}/${enc(String(ref))}`, o),
    /** authorise the combined order again with the default saved method */
    retryPayment: (ref: string | number, o?: CallOptions) =>
      send<{ group_order: GroupOrder }>('POST', `${base}/${enc(String(ref))}/payment`, { body: {}, ...o }).then(
        (r) => r.group_order,
      ),
    detail: (ref: string | number, o?: CallOptions) =>
      send<{ group_order: GroupOrderDetail }>('GET', `${base}/${enc(String(ref))}/detail`, o).then(
        (r) => r.group_order,
      ),
    /** GET api/v2/group_order_invoices/{ref}.pdf: its combined order's invoice, a file */
    invoicePdf: (ref: string | number, o?: CallOptions) =>
      send<Blob>('GET', `/api/v2/group_order_invoices/${enc(String(ref))}.pdf`, { ...o, answer: 'blob' }),

    // ---- members (public, by share token; their own calls carry X-Member-Token in `headers`)
    publicGroup: (shareToken: string, o?: CallOptions) =>
      send<PublicGroupOrderResponse>('GET', `/api/v2/group/${enc(shareToken)}`, o),
    join: (shareToken: string, body: JoinGroupOrderBody, o?: CallOptions) =>
      send<JoinedGroupOrder>('POST', `/api/v2/group/${enc(shareToken)}/members`, { body, ...o }),
    myChoice: (shareToken: string, o?: CallOptions) =>
      send<MemberChoiceResponse>('GET', `/api/v2/group/${enc(shareToken)}/choice`, o),
    choose: (shareToken: string, menuId: number, o?: CallOptions) =>
      send<MemberChoiceResponse>('PUT', `/api/v2/group/${enc(shareToken)}/choice`, { body: { menu_id: menuId }, ...o }),
    withdraw: (shareToken: string, o?: CallOptions) =>
      send<MemberChoiceResponse>('DELETE', `/api/v2/group/${enc(shareToken)}/choice`, o),
  };
}

export type GroupOrdersClient = ReturnType<typeof groupOrdersClient>;
