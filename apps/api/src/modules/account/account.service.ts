import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { accountUpdateBodySchema, Profile } from '@caterway/contracts';
import { accountMessages, accountSecondsOfDay, accountTimeZone, messages } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { newPasswordProblems } from '../../lib/password-policy.js';
import { admitAttempt, type BackoffRule, type BackoffStore, type RateLimiter } from '../../lib/rate-limit.js';
import type { Geocoder, GeocodeResult } from '../../ports/geocoder.js';
import type { AccountAccess } from '../auth/account-access.service.js';
import { toProfile } from '../auth/auth.mappers.js';
import type { systemVarsReaderFrom } from '../catalogue/catalogue.service.js';
import type { AccountRepository, ProfileUpdate } from './account.repository.js';

type UpdateInput = z.output<typeof accountUpdateBodySchema>['user'];

export interface AccountServiceDeps {
  account: AccountRepository;
  /** the auth module's user and session rows (auth/account-access.service.ts) */
  auth: AccountAccess;
  /** the catalogue module's system vars (favourite cuisines and dietary types are checked against them) */
  findSystemVars: ReturnType<typeof systemVarsReaderFrom>;
  geocoder: Pick<Geocoder, 'geocode'>;
  hashPassword: (password: string) => Promise<string>;
  verifyPassword: (passwordHash: string, password: string) => Promise<boolean>;
  /** the sign-in backoff: guessing the current password here counts like failed sign-ins */
  limiter: Pick<RateLimiter, 'kind'> & { readonly backoff: BackoffStore };
  signInBackoff: Omit<BackoffRule, 'key'>;
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * PUT api/v2/accounts (browse-account-orders §5 'Account settings', §7). The contract checked the
 * shape; here the rules that need the database: the email stays the sign-in email, cuisines and
 * dietary types are the system vars' names. A new password needs the current one and passes the
 * password rules (docs/decisions/029); it keeps the session it was changed
 * from and ends every other one: whoever knew the old password, or holds a token elsewhere, is
 * out, and the user is not thrown out of the page they are using.
 */
export function createAccountService(deps: AccountServiceDeps) {
  async function place(u: UpdateInput): Promise<ProfileUpdate['place']> {
    let result: GeocodeResult;
    try {
      result = await deps.geocoder.geocode(`${u.address1}, ${u.city} ${u.zip}`);
    } catch (err) {
      deps.log.warn({ err: { message: (err as Error).message } }, 'geocoder failed during a profile update');
      return undefined;
    }
    if (result.ok) {
      const a = result.address;
      return { latitude: a.latitude, longitude: a.longitude, province: a.province, country: a.country };
    }
    // unavailable: keep the old coordinates; not found: the old ones would be wrong
    return result.reason === 'unavailable' ? undefined : { latitude: null, longitude: null };
  }

  return {
    async update(userId: number, sessionId: string, u: UpdateInput): Promise<Profile> {
      const current = await deps.auth.findUser(userId);
      if (!current) throw new AppError('unauthorized', 'Not authorized');
      const problems: string[] = [];
      if (u.email !== undefined && u.email !== '' && u.email !== current.email.toLowerCase())
        problems.push(accountMessages.emailNotEditable);
      if (u.favorite_cousine_types || u.dietary_types) {
        const vars = await deps.findSystemVars(['preset_cuisine_type', 'preset_dietary_type']);
        const cuisines = new Set(vars.filter((v) => v.value_type === 'preset_cuisine_type').map((v) => v.name));
        const diets = new Set(vars.filter((v) => v.value_type === 'preset_dietary_type').map((v) => v.name));
        for (const c of u.favorite_cousine_types ?? [])
          if (!cuisines.has(c)) problems.push(accountMessages.unknownCuisine(c));
        for (const d of u.dietary_types ?? []) if (!diets.has(d)) problems.push(accountMessages.unknownDietaryType(d));
      }
      if (u.password) {
        // ASVS 5.0 V6: a new password needs the current one (the contract made it required);
        // a wrong one is a 422, not a 401, which would sign the storefront out
        // and each check counts against the account's sign-in backoff: a stolen session cannot guess it fast
        const key = `signin:acct:${current.email.toLowerCase()}`;
        await admitAttempt(deps.limiter, [{ key, ...deps.signInBackoff }]);
        if (!(await deps.verifyPassword(current.password_hash, u.current_password ?? '')))
          problems.push(messages.currentPasswordWrong);
        else {
          await deps.limiter.backoff.settle(key, 'clear');
          problems.push(...newPasswordProblems(u.password, { email: current.email }));
        }
      }
      if (problems.length) throw validationFailed(problems);

      const addressChanged = u.address1 !== current.address1 || u.city !== current.city || u.zip !== current.zip;
      const placed = addressChanged ? await place(u) : undefined;
      // epoch seconds are read in the account's zone (its province or state, the new one when it moved)
      const zone = accountTimeZone(placed?.province || current.province, placed?.country ?? current.country);
      const secondsOfDay = (value: number | undefined) =>
        value === undefined ? undefined : (accountSecondsOfDay(value, zone) ?? undefined);
      const update: ProfileUpdate = {
        firstName: u.first_name,
        lastName: u.last_name,
        companyName: u.company_name,
        city: u.city,
        address1: u.address1,
        zip: u.zip,
        phone: u.phone,
        address2: u.address2,
        aboutMe: u.about_me,
        defaultDeliveryInstructions: u.default_delivery_instructions,
        favoriteCuisineTypes: u.favorite_cousine_types ? [...new Set(u.favorite_cousine_types)] : undefined,
        dietaryTypes: u.dietary_types ? [...new Set(u.dietary_types)] : undefined,
        goName: u.go_name,
        goHeadCount: u.go_head_count,
        goBudgetCents: u.go_budget_cents,
        goGapDays: u.go_gap_days,
        goCutoffSeconds: secondsOfDay(u.go_cutoff_time),
        goDeliverySeconds: secondsOfDay(u.go_delivery_time),
        place: placed,
        passwordHash: u.password ? await deps.hashPassword(u.password) : undefined,
      };
      const now = deps.clock.now();
      await deps.transaction(async (tx) => {
        await deps.account.updateProfile(userId, update, now, tx);
        if (update.passwordHash) await deps.auth.revokeOtherSessions(userId, sessionId, now, tx);
      });
      const saved = await deps.auth.findUser(userId);
      return toProfile(saved!, now);
    },
  };
}
