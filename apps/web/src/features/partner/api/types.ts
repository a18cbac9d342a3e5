import type {
  PartnerAnswerBody,
  PartnerAnswerLinkResponse as WireAnswerLink,
  PartnerOrder as WirePartnerOrder,
  PartnerOrderDetail as WirePartnerOrderDetail,
  PartnerRequest as WirePartnerRequest,
  PartnerRequestKind,
  PartnerRestaurant as WirePartnerRestaurant,
  PartnerTeamResponse,
  RestaurantRole,
} from '@caterway/contracts';
import type { PartnerInviteLookup as WireInviteLookup } from '@caterway/contracts/client';
import type { Camelize } from '../../../types/catalogue';
import type { PartnerOrdersView } from '../portal-paths';

// The restaurant portal's data as the app reads it (camelCased contracts, packages/contracts/src/partner.ts).
export type PartnerRestaurant = Camelize<WirePartnerRestaurant>;
export type PartnerRole = PartnerRestaurant['role'];
export type PartnerTeam = Camelize<PartnerTeamResponse>;
export type PartnerTeamMember = PartnerTeam['members'][number];
export type PartnerInvite = PartnerTeam['invites'][number];
export type PartnerInviteLookup = Camelize<WireInviteLookup>;
export type PartnerOrder = Camelize<WirePartnerOrder>;
export type PartnerOrderDetail = Camelize<WirePartnerOrderDetail>;
export type PartnerRequest = Camelize<WirePartnerRequest>;
export type PartnerAnswerLink = Camelize<WireAnswerLink>;
export type { PartnerAnswerBody, PartnerRequestKind, RestaurantRole };

/** The inbox's tabs (the orders query's `view`). */
export type OrdersView = PartnerOrdersView;

const RANK: Record<PartnerRole, number> = { staff: 1, manager: 2, owner: 3, operations: 4 };

/** At least `least` on the restaurant (operations staff can do what an owner can, decision 047). */
export const hasRole = (role: PartnerRole, least: RestaurantRole) => RANK[role] >= RANK[least];

/** The roles this person may invite: owners and operations any, a manager staff only (the API's rule). */
export const invitableRoles = (role: PartnerRole): RestaurantRole[] =>
  role === 'owner' || role === 'operations' ? ['owner', 'manager', 'staff'] : role === 'manager' ? ['staff'] : [];

export const roleLabels: Record<PartnerRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
  operations: 'Caterway operations',
};

/** What each role can do, under the invite form's choices. */
export const roleDescriptions: Record<RestaurantRole, string> = {
  owner: 'Everything, including the team and its managers',
  manager: 'Orders, and invitations for staff',
  staff: 'Orders: see them and answer them',
};

/** What reached the restaurant, as a badge on an order. */
export const requestKindLabels: Record<PartnerRequestKind, string> = {
  new_order: 'New order',
  add_on: 'Add-on',
  edit: 'Edit',
  cancellation: 'Cancellation',
  reconfirmation: 'Reconfirm',
};

/** How a request was answered, for the history. */
export const answerLabels: Record<NonNullable<PartnerRequest['answer']>, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  acknowledged: 'Acknowledged',
  withdrawn: 'Withdrawn',
};

/** The action buttons' words. */
export const actionLabels: Record<PartnerOrder['actions'][number], string> = {
  accept: 'Accept',
  decline: 'Decline',
  acknowledge: 'Acknowledge',
};

/** An order's size as the inbox shows it: the servings ordered from this restaurant (orders carry no headcount yet). */
export const servingsOf = (order: Pick<PartnerOrder, 'portions'>) => order.portions;
