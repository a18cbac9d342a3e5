import { z } from 'zod';
import { emailSchema } from './common.js';

// The restaurant side (issue 19, docs/decisions/047): what a restaurant's team reads and sends
// under /api/v2/partner/... Roles rank owner > manager > staff; operations staff reach every
// restaurant as 'operations'.

export const restaurantRoles = ['owner', 'manager', 'staff'] as const;
export const restaurantRoleSchema = z.enum(restaurantRoles);
export type RestaurantRole = z.infer<typeof restaurantRoleSchema>;

/** A restaurant as its team sees it in the portal's switcher, with the caller's role there. */
export const partnerRestaurantSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  time_zone: z.string(),
  role: z.union([restaurantRoleSchema, z.literal('operations')]),
});
export type PartnerRestaurant = z.infer<typeof partnerRestaurantSchema>;

export const partnerRestaurantsResponseSchema = z.object({ restaurants: z.array(partnerRestaurantSchema) });
export type PartnerRestaurantsResponse = z.infer<typeof partnerRestaurantsResponseSchema>;

export const partnerRestaurantParamsSchema = z.object({ chefId: z.coerce.number().int().positive() });

/** An invitation to a restaurant's team (the owner, a manager for staff, or operations send it). */
export const partnerInviteBodySchema = z.object({
  email: emailSchema,
  role: restaurantRoleSchema,
});
export type PartnerInviteBody = z.infer<typeof partnerInviteBodySchema>;

export const partnerInviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: restaurantRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
});
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;

export const partnerTeamMemberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: restaurantRoleSchema,
});

/** A restaurant's team and the invitations still open. */
export const partnerTeamResponseSchema = z.object({
  members: z.array(partnerTeamMemberSchema),
  invites: z.array(partnerInviteSchema),
});
export type PartnerTeamResponse = z.infer<typeof partnerTeamResponseSchema>;

/** The invitation link's token, sent in a body (never in a URL a log could keep). */
export const partnerInviteTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

/** What the invitation page shows before it is accepted. */
export const partnerInviteLookupResponseSchema = z.object({
  restaurant_name: z.string(),
  role: restaurantRoleSchema,
  email: z.string(),
  /** an account with this email exists: sign in as it to accept; else the page sets a password */
  account_exists: z.boolean(),
});

/**
 * Accepting: a new account gives its name and a password (the customers' rules); an existing
 * account accepts while signed in as the invited email.
 */
export const partnerInviteAcceptBodySchema = partnerInviteTokenBodySchema.extend({
  first_name: z.string().trim().min(1).max(80).optional(),
  last_name: z.string().trim().min(1).max(80).optional(),
  password: z.string().max(200).optional(),
});
export type PartnerInviteAcceptBody = z.infer<typeof partnerInviteAcceptBodySchema>;

export const partnerInviteAcceptResponseSchema = z.object({
  message: z.string(),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  role: restaurantRoleSchema,
});
