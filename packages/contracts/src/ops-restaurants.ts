import { z } from 'zod';
import { isValidTimeZone } from '@caterway/domain';
import { emailSchema } from './common.js';

// Operations onboard and suspend restaurants (issue 19 "Who and where"; decision 059). A
// restaurant is onboarding until operations publish it, live while customers can order from it,
// and suspended when operations take it off the marketplace.

export const restaurantStatuses = ['onboarding', 'live', 'suspended'] as const;
export type RestaurantStatus = (typeof restaurantStatuses)[number];

/** The zones the console offers, west to east (any IANA zone is accepted). */
export const restaurantTimeZones = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Vancouver',
  'America/Phoenix',
  'America/Denver',
  'America/Edmonton',
  'America/Regina',
  'America/Chicago',
  'America/Winnipeg',
  'America/New_York',
  'America/Toronto',
  'America/Halifax',
  'America/St_Johns',
] as const;

export const opsRestaurantMessages = {
  addressNotFound: 'We could not find that address. Check the street, city and postal or ZIP code.',
  addressUnavailable: 'The address could not be checked right now. Try again in a minute.',
  timeZone: 'Choose the time zone the restaurant is in.',
  liveNeedsDish: 'Add at least one dish with a price before the restaurant goes live.',
  reasonNeeded: 'Say why the restaurant is suspended (at least 3 characters).',
  alreadyInStatus: 'The restaurant already has that status.',
  /** checkout's answer for a restaurant that is not live (a saved cart, an open group order) */
  notTakingOrders: (restaurant: string) => `${restaurant} is not taking orders right now.`,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST api/v2/ops/restaurants: a new restaurant, onboarding, and an invitation to its owner. */
export const opsNewRestaurantBodySchema = z.object({
  business_name: text(80),
  description: z.string().trim().max(600).default(''),
  /** the owner's name and the email their invitation goes to */
  first_name: text(60),
  last_name: text(60),
  owner_email: emailSchema,
  address1: text(120),
  address2: z.string().trim().max(120).default(''),
  city: text(60),
  province: z
    .string()
    .trim()
    .min(1)
    .regex(/^[A-Za-z]{2}$/, 'Enter the two-letter province or state code.')
    .transform((p) => p.toUpperCase()),
  zip: text(10),
  country: z.enum(['CA', 'US']),
  time_zone: z.string().trim().min(1).refine(isValidTimeZone, opsRestaurantMessages.timeZone),
  cuisine_types: z.array(text(40)).max(5).default([]),
  /** hours of notice before a delivery (the restaurant's team can change it later) */
  pre_order_notice_hours: z.number().int().min(0).max(336).default(24),
  delivery_radius_km: z.number().min(1).max(100).default(15),
});
export type OpsNewRestaurantBody = z.input<typeof opsNewRestaurantBodySchema>;

export const opsRestaurantSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.enum(['CA', 'US']),
  status: z.enum(restaurantStatuses),
  /** why it is suspended ('' otherwise) */
  status_reason: z.string(),
  status_changed_at: z.string().nullable(),
  /** dishes on its menu (not deleted) */
  dishes: z.number().int(),
  /** team members, and whether one is an owner */
  team: z.number().int(),
  has_owner: z.boolean(),
  /** invitations not yet accepted */
  pending_invites: z.number().int(),
  /** placed orders delivered in the last 30 days and the next 30 */
  recent_orders: z.number().int(),
});
export type OpsRestaurant = z.infer<typeof opsRestaurantSchema>;

/** GET api/v2/ops/restaurants?q=&status= */
export const opsRestaurantsQuerySchema = z.object({
  q: z.string().trim().max(80).default(''),
  status: z.enum(restaurantStatuses).optional(),
});
export type OpsRestaurantsQuery = z.input<typeof opsRestaurantsQuerySchema>;
export const opsRestaurantsResponseSchema = z.object({ restaurants: z.array(opsRestaurantSchema) });
export type OpsRestaurantsResponse = z.infer<typeof opsRestaurantsResponseSchema>;
export const opsRestaurantResponseSchema = z.object({ restaurant: opsRestaurantSchema });
export type OpsRestaurantResponse = z.infer<typeof opsRestaurantResponseSchema>;

/** POST api/v2/ops/restaurants/{chefId}/status: publish (live) or suspend with a reason. */
export const opsRestaurantStatusBodySchema = z
  .object({
    status: z.enum(['live', 'suspended']),
    reason: z.string().trim().max(300).default(''),
  })
  .refine((b) => b.status !== 'suspended' || b.reason.length >= 3, {
    message: opsRestaurantMessages.reasonNeeded,
    path: ['reason'],
  });
export type OpsRestaurantStatusBody = z.input<typeof opsRestaurantStatusBodySchema>;
