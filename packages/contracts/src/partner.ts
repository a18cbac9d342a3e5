import { z } from 'zod';

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
