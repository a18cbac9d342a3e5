import type { Profile, SessionUser } from '@caterway/contracts';
import { accountTimeZone, nextOccurrenceEpochSeconds } from '@caterway/domain';
import type { UserRow } from './users.repository.js';

// Whitelists: what of a user row may go on the wire (never password_hash).
/** adminToken: the session's admin token (sessions.service issueDashboardToken), only where a session is at hand. */
export function toSessionUser(row: UserRow, adminToken: string | null = null): SessionUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    confirmed: row.confirmed_at !== null,
    role: row.role,
    admin_token: adminToken,
  };
}

/**
 * The account profile (spec: browse-account-orders §3 User / account). The group-order times go as
 * epoch seconds: the next occurrence after `now` of the stored time of day, in the account's zone.
 */
export function toProfile(row: UserRow, now: Date): Profile {
  const zone = accountTimeZone(row.province, row.country);
  return {
    ...toSessionUser(row),
    phone: row.phone,
    company_name: row.company_name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    province: row.province,
    zip: row.zip,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    about_me: row.about_me,
    default_delivery_instructions: row.default_delivery_instructions,
    // the spec spells it "cousine" on the wire
    favorite_cousine_types: row.favorite_cuisine_types,
    dietary_types: row.dietary_types,
    go_name: row.go_name,
    go_head_count: row.go_head_count,
    go_budget_cents: row.go_budget_cents,
    go_gap_days: row.go_gap_days,
    go_cutoff_time: nextOccurrenceEpochSeconds(row.go_cutoff_seconds, zone, now),
    go_delivery_time: nextOccurrenceEpochSeconds(row.go_delivery_seconds, zone, now),
  };
}
