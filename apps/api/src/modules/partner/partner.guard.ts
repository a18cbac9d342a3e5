import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { PartnerRestaurant, RestaurantRole } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import type { AppDeps } from '../../lib/deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createPartnerRepository } from './partner.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the restaurant of a /api/v2/partner/restaurants/:chefId/... route, with the caller's role */
    restaurant?: PartnerRestaurant;
  }
}

const RANK: Record<PartnerRestaurant['role'], number> = { staff: 1, manager: 2, owner: 3, operations: 4 };

/**
 * The guard of every route under /api/v2/partner/restaurants/:chefId (decision 047): a signed-in
 * user with at least `least` on that restaurant, or operations staff. A restaurant the caller has
 * no role on answers 404 like one that does not exist (the team of A learns nothing of B); a
 * role too low answers 403. Sets request.restaurant.
 */
export function requireRestaurantRole(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jwtSecret' | 'config'>,
  least: RestaurantRole = 'staff',
): preHandlerAsyncHookHandler {
  const signedIn = requireUser(deps);
  const partners = createPartnerRepository(deps.db);
  return async function requireRestaurantRoleGuard(request: FastifyRequest, reply: FastifyReply) {
    await signedIn.call(this, request, reply);
    const user = authUser(request);
    const chefId = Number((request.params as { chefId?: unknown }).chefId);
    if (!Number.isSafeInteger(chefId) || chefId <= 0) throw notFound();
    const restaurant =
      user.role === 'staff' ? await partners.restaurant(chefId) : await partners.membership(user.id, chefId);
    if (!restaurant) throw notFound();
    if (RANK[restaurant.role] < RANK[least]) throw forbidden(messages.notAuthorized);
    request.restaurant = restaurant;
  };
}

/** The restaurant of a request behind requireRestaurantRole. */
export function partnerRestaurant(request: FastifyRequest): PartnerRestaurant {
  if (!request.restaurant) throw notFound();
  return request.restaurant;
}
