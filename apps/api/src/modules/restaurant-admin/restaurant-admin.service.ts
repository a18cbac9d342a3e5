import {
  opsRestaurantMessages,
  type OpsNewRestaurantBody,
  type OpsRestaurant,
  type OpsRestaurantsQuery,
  type OpsRestaurantStatusBody,
  opsNewRestaurantBodySchema,
} from '@caterway/contracts';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import type { Mailer } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { AuthUser } from '../auth/auth.guard.js';
import { createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { createInvitesService } from '../partner/invites.service.js';
import { slugify } from '../saved-presets/saved-presets.service.js';
import { createRestaurantAdminRepository } from './restaurant-admin.repository.js';

// Operations onboard, publish and suspend restaurants (issue 19; decision 059).

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

/** A new restaurant's starting hours: weekdays 7:00 to 19:00 (its team sets its own in the calendar). */
function startingHours(): Record<string, { enabled: boolean; open: string; close: string }> {
  const hours: Record<string, { enabled: boolean; open: string; close: string }> = {};
  for (const day of [...WEEKDAYS, 'saturday', 'sunday'])
    hours[day] = { enabled: (WEEKDAYS as readonly string[]).includes(day), open: '07:00', close: '19:00' };
  return hours;
}

/** Delivery fees in 5 km bands up to the radius: $15, then $5 more a band. */
export function startingFees(radiusKm: number): { min_km: number; max_km: number; fee_cents: number }[] {
  const ranges = [];
  for (let min = 0, fee = 1500; min < radiusKm; min += 5, fee += 500)
    ranges.push({ min_km: min, max_km: Math.min(radiusKm, min + 5), fee_cents: fee });
  return ranges;
}

export interface RestaurantAdminDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  geocoder: Pick<Geocoder, 'geocode'>;
  publicUrl: string;
}

export function createRestaurantAdminService(deps: RestaurantAdminDeps) {
  const { db, clock } = deps;
  const repo = createRestaurantAdminRepository(db);
  const changes = createCatalogueChangesService(db);
  const invites = createInvitesService(deps);

  async function uniqueSlug(name: string, city: string, tx: Queryable): Promise<string> {
    const base = slugify(name) || 'restaurant';
    for (const candidate of [base, `${base}-${slugify(city)}`])
      if (!(await repo.slugTaken(candidate, tx))) return candidate;
    for (let n = 2; ; n++) {
      const candidate = `${base}-${slugify(city)}-${n}`;
      if (!(await repo.slugTaken(candidate, tx))) return candidate;
    }
  }

  return {
    list: (query: OpsRestaurantsQuery) =>
      repo.list({ q: query.q ?? '', status: query.status, now: clock.now(), limit: 200 }),

    /**
     * POST api/v2/ops/restaurants: places the address, adds the restaurant (onboarding, off the
     * storefront) with its page, and invites its owner by email. The invitation is sent after the
     * restaurant is saved: should it fail, operations invite again from the portal's team page.
     */
    async onboard(staff: AuthUser, input: OpsNewRestaurantBody): Promise<OpsRestaurant> {
      const body = opsNewRestaurantBodySchema.parse(input);
      const placed = await deps.geocoder.geocode(
        [body.address1, body.city, `${body.province} ${body.zip}`, body.country === 'CA' ? 'Canada' : 'USA'].join(', '),
      );
      if (!placed.ok)
        throw validationFailed([
          placed.reason === 'unavailable'
            ? opsRestaurantMessages.addressUnavailable
            : opsRestaurantMessages.addressNotFound,
        ]);
      const now = clock.now();
      const created = await withTransaction(db, async (tx) => {
        // one onboarding at a time picks a slug (two with the same name cannot take the same one)
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('caterway:restaurant-slugs'))");
        const slug = await uniqueSlug(body.business_name, body.city, tx);
        const id = await repo.insert(
          {
            slug,
            business_name: body.business_name,
            description: body.description,
            first_name: body.first_name,
            last_name: body.last_name,
            address1: body.address1,
            address2: body.address2,
            city: body.city,
            province: body.province,
            zip: body.zip,
            country: body.country,
            latitude: placed.address.latitude,
            longitude: placed.address.longitude,
            time_zone: body.time_zone,
            cuisine_types: body.cuisine_types,
            pre_order_notice_hours: body.pre_order_notice_hours,
            delivery_radius_km: body.delivery_radius_km,
            delivery_fee_ranges: startingFees(body.delivery_radius_km),
            store_hours: startingHours(),
            now,
          },
          tx,
        );
        await changes.record(
          tx,
          { userId: staff.id, role: 'operations' },
          {
            chefId: id,
            entity: 'restaurant',
            entityId: id,
            action: 'create',
            summary: `${body.business_name} added by operations (onboarding)`,
            after: { ...body, slug, status: 'onboarding' },
          },
          { catalogue: true },
        );
        return { id, slug };
      });
      await invites.invite(
        {
          id: created.id,
          name: body.business_name,
          slug: created.slug,
          city: body.city,
          time_zone: body.time_zone,
          role: 'operations',
        },
        staff,
        { email: body.owner_email, role: 'owner' },
      );
      return (await repo.one(created.id, clock.now()))!;
    },

    /** POST api/v2/ops/restaurants/{chefId}/status: publish, or suspend with a reason. */
    async setStatus(staff: AuthUser, chefId: number, body: OpsRestaurantStatusBody): Promise<OpsRestaurant> {
      const now = clock.now();
      const reason = (body.reason ?? '').trim();
      await withTransaction(db, async (tx) => {
        const current = await repo.lockStatus(chefId, tx);
        if (!current) throw notFound('Restaurant not found');
        if (current.status === body.status) throw conflict(opsRestaurantMessages.alreadyInStatus);
        let presets: number[];
        if (body.status === 'live') {
          if ((await repo.pricedDishes(chefId, tx)) === 0)
            throw validationFailed([opsRestaurantMessages.liveNeedsDish]);
          presets = await repo.publish(chefId, now, tx);
        } else {
          presets = await repo.suspend(chefId, reason, now, tx);
        }
        await changes.record(
          tx,
          { userId: staff.id, role: 'operations' },
          {
            chefId,
            entity: 'restaurant',
            entityId: chefId,
            action: body.status === 'live' ? 'publish' : 'suspend',
            summary: body.status === 'live' ? `${current.name} is live` : `${current.name} suspended: ${reason}`,
            before: { status: current.status, reason: current.status_reason },
            after: { status: body.status, reason: body.status === 'live' ? '' : reason, presets },
          },
          { catalogue: true },
        );
      });
      return (await repo.one(chefId, now))!;
    },
  };
}
