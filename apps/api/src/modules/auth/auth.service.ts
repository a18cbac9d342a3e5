import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { confirmationRedirect, type Profile, type SessionUser, type SignInResponse } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import { confirmEmail, resetPassword, signUpAttempt } from '../../adapters/email/templates.js';
import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, forbidden, validationFailed } from '../../lib/errors.js';
import { newPasswordProblems } from '../../lib/password-policy.js';
import {
  admitAttempt,
  enforceRateLimits,
  type BackoffRule,
  type BackoffStore,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limit.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';
import type { Geocoder, GeocodeResult } from '../../ports/geocoder.js';
import { toProfile, toSessionUser } from './auth.mappers.js';
import { loggedOut, type SessionsService } from './sessions.service.js';
import type { TokenPurpose, UserTokensRepository } from './user-tokens.repository.js';
import type { UsersRepository } from './users.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a one-time link works. */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  confirm_email: 7 * DAY,
  reset_password: 2 * HOUR,
};

type BackoffPolicy = Omit<BackoffRule, 'key'>;

export interface AuthLimits {
  /** every auth action (sign-in, sign-up, reset request, reset, resend) from one IP */
  perIp: { limit: number; windowMs: number };
  /**
   * Failed sign-ins slow down (docs/decisions/029): per account (lowercased email, whether or not
   * it exists) with a short cap, so nobody can keep someone else's account shut for long, and per
   * client address with a longer one.
   */
  signInBackoff: { perAccount: BackoffPolicy; perAddress: BackoffPolicy };
  /** confirmation, reset and sign-up notice emails to one address; beyond it we answer the same but send nothing */
  emailsPerAddress: { limit: number; windowMs: number };
}

/** signInFreeFailures: SIGNIN_BACKOFF_AFTER, failed sign-ins on one account before the first wait. */
export function defaultAuthLimits(signInFreeFailures = 5): AuthLimits {
  return {
    perIp: { limit: 100, windowMs: 15 * MINUTE },
    signInBackoff: {
      perAccount: { free: signInFreeFailures, capSeconds: 60, forgetMs: HOUR },
      // an office behind one NAT address shares it: more free failures, a longer cap
      perAddress: { free: signInFreeFailures * 4, capSeconds: 5 * 60, forgetMs: HOUR },
    },
    emailsPerAddress: { limit: 5, windowMs: HOUR },
  };
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export interface SignUpInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
  address1: string;
  address2: string;
  password: string;
  latitude?: number | null;
  longitude?: number | null;
  ref?: string;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  tokens: UserTokensRepository;
  sessions: SessionsService;
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  passwords: {
    hash(password: string): Promise<string>;
    verify(hash: string, password: string): Promise<boolean>;
    dummyHash(): Promise<string>;
  };
  mailer: Mailer;
  geocoder: Geocoder;
  limiter: RateLimiter & { readonly backoff: BackoffStore };
  limits: AuthLimits;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A one-time token: the raw value goes in the link, only its sha256 is stored. */
function newToken(): { raw: string; hash: string } {
  const raw = crypto.randomBytes(32).toString('base64url');
  return { raw, hash: hashToken(raw) };
}
function hashToken(raw: string): string {
  return crypto.createHash('sha256').update(raw).digest('hex');
}

/** Great-circle distance in km, to check client coordinates against the geocoder's. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
/** Client coordinates farther than this from the geocoded address are not believed. */
const CLIENT_COORDINATES_TOLERANCE_KM = 50;

interface Place {
  address1: string;
  city: string;
  province: string;
  zip: string;
  country: 'CA' | 'US';
  latitude: number | null;
  longitude: number | null;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, tokens, sessions, passwords, mailer, geocoder, limiter, limits, clock, log } = deps;

  const ipRule = (meta: RequestMeta): RateLimitRule => ({ key: `auth:ip:${meta.ip}`, ...limits.perIp });

  /**
   * Sending must not undo the action that caused it: a failed email is logged (and kept in the
   * outbox). Through SMTP the message is recorded and handed to the job queue (sendLater), so no
   * answer waits on the mail server: its time would tell a registered address from a new one.
   */
  async function sendSafely(email: OutgoingEmail): Promise<void> {
    try {
      await (mailer.sendLater ? mailer.sendLater(email) : mailer.send(email));
    } catch (err) {
      log.error({ err: { message: (err as Error).message }, template: email.template }, 'could not send email');
    }
  }

  /** Silently caps emails to one address, so the endpoints cannot be used to flood a mailbox. */
  async function mayEmail(address: string): Promise<boolean> {
    const r = await limiter.hit({ key: `mail:${address.toLowerCase()}`, ...limits.emailsPerAddress });
    return r.allowed;
  }

  async function issueToken(userId: number, purpose: TokenPurpose): Promise<string> {
    const now = clock.now();
    const token = newToken();
    await tokens.insert({
      tokenHash: token.hash,
      userId,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + tokenLifetimeMs[purpose]),
    });
    return token.raw;
  }

  async function sendConfirmation(user: { id: number; email: string; first_name: string }): Promise<void> {
    const raw = await issueToken(user.id, 'confirm_email');
    const link = `${deps.publicUrl}/api/v2/users/confirmation?confirmation_token=${encodeURIComponent(raw)}`;
    await sendSafely({ to: user.email, ...confirmEmail({ firstName: user.first_name, link }) });
  }

  /**
   * Places the sign-up address (trust but verify): the geocoder must see a street address.
   * Coordinates the client sent (from its suggestion) are kept unless they are far from the
   * geocoded place; when the geocoder does not know the address but the client placed it,
   * the client's coordinates are accepted. A geocoder outage does not block sign-up.
   */
  async function placeAddress(input: SignUpInput): Promise<{ place: Place } | { problem: string }> {
    const client =
      typeof input.latitude === 'number' && typeof input.longitude === 'number'
        ? { lat: input.latitude, lng: input.longitude }
        : undefined;
    let result: GeocodeResult;
    try {
      result = await geocoder.geocode(input.address1);
    } catch (err) {
      log.warn({ err: { message: (err as Error).message } }, 'geocoder failed during sign-up');
      result = { ok: false, reason: 'unavailable' };
    }
    const bare: Place = {
      address1: input.address1,
      city: '',
      province: '',
      zip: '',
      country: 'CA',
      latitude: client?.lat ?? null,
      longitude: client?.lng ?? null,
    };
    if (result.ok) {
      const a = result.address;
      const geocoded = { lat: a.latitude, lng: a.longitude };
      const coords = client && distanceKm(client, geocoded) <= CLIENT_COORDINATES_TOLERANCE_KM ? client : geocoded;
      return {
        place: {
          address1: a.address1 || input.address1,
          city: a.city,
          province: a.province,
          zip: a.zip,
          country: a.country,
          latitude: coords.lat,
          longitude: coords.lng,
        },
      };
    }
    if (result.reason === 'too_broad') return { problem: messages.tooBroad };
    if (result.reason === 'not_found' && !client) return { problem: messages.addressNotFound };
    if (result.reason === 'unavailable') log.warn({}, 'sign-up stored without geocoding: geocoder unavailable');
    return { place: bare };
  }

  return {
    /**
     * POST api/v2/users: creates an unconfirmed account and emails the confirmation link. The
     * answer does not tell whether the email was registered (docs/decisions/029): the same
     * status and body either way, after the same checks and the same password hashing; the owner
     * of a registered address is emailed that someone tried to sign up with it instead.
     */
    async signUp(input: SignUpInput, meta: RequestMeta): Promise<{ message: string }> {
      await enforceRateLimits(limiter, [ipRule(meta)]);
      const email = input.email.trim().toLowerCase();
      const problems = newPasswordProblems(input.password, { email });
      const placed = await placeAddress(input);
      if ('problem' in placed) problems.push(placed.problem);
      if (problems.length > 0 || !('place' in placed)) throw validationFailed(problems);

      const passwordHash = await passwords.hash(input.password);
      const existing = await users.findByEmail(email);
      // two sign-ups racing for one address: the unique index decides, and the loser is "existing"
      const user = existing
        ? undefined
        : await users.insert({
            email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            phone: input.phone,
            companyName: input.company_name,
            address2: input.address2,
            ...placed.place,
            referral: input.ref ?? null,
            createdAt: clock.now(),
          });
      const owner = user ?? existing ?? (await users.findByEmail(email));
      if (owner && (await mayEmail(owner.email))) {
        if (user) await sendConfirmation(user);
        else
          await sendSafely({
            to: owner.email,
            ...signUpAttempt({ firstName: owner.first_name, link: `${deps.publicUrl}/` }),
          });
      }
      return { message: messages.signUpCheckEmail };
    },

    /** GET api/v2/users/confirmation: where the emailed link lands; answers the SPA path to redirect to. */
    async confirm(rawToken: string | undefined): Promise<string> {
      if (!rawToken) return confirmationRedirect.failed;
      const now = clock.now();
      const firstName = await deps.transaction(async (tx) => {
        const userId = await tokens.consume(hashToken(rawToken), 'confirm_email', now, tx);
        if (userId === undefined) return undefined;
        await users.updateConfirmed(userId, now, tx);
        return (await users.findById(userId, tx))?.first_name;
      });
      return firstName === undefined ? confirmationRedirect.failed : confirmationRedirect.ok(firstName);
    },

    /** POST api/v2/users/confirmation: a new link for an unconfirmed account; the same answer for any email. */
    async resendConfirmation(emailInput: string, meta: RequestMeta): Promise<{ message: string }> {
      await enforceRateLimits(limiter, [ipRule(meta)]);
      const user = await users.findByEmail(emailInput);
      if (user && user.confirmed_at === null && (await mayEmail(user.email))) await sendConfirmation(user);
      return { message: messages.confirmationResent };
    },

    /**
     * POST user_token. Failed sign-ins slow down exponentially per account and per client
     * address (admitAttempt; docs/decisions/029): an attempt is counted before the password is
     * checked, so a correct password is refused too until the wait has passed, and a correct
     * password takes its count back. Unknown emails verify against a dummy hash and are slowed
     * down alike, so neither timing nor 429s reveal which accounts exist.
     */
    async signIn(credentials: { email: string; password: string }, meta: RequestMeta): Promise<SignInResponse> {
      const email = credentials.email.trim().toLowerCase();
      await enforceRateLimits(limiter, [ipRule(meta)]);
      const accountKey = `signin:acct:${email}`;
      const addressKey = `signin:ip:${meta.ip}`;
      const { perAccount, perAddress } = limits.signInBackoff;
      await admitAttempt(limiter, [
        { key: accountKey, ...perAccount },
        { key: addressKey, ...perAddress },
      ]);
      const user = await users.findByEmail(email);
      const ok = await passwords.verify(user?.password_hash ?? (await passwords.dummyHash()), credentials.password);
      if (!user || !ok) throw new AppError('unauthorized', messages.signInFailed);
      await limiter.backoff.settle(accountKey, 'clear');
      await limiter.backoff.settle(addressKey, 'uncount');
      // spec: browse-account-orders §6, only confirmed accounts are signed in
      if (user.confirmed_at === null) throw new AppError('forbidden', messages.confirmEmail);
      const { jwt, session } = await sessions.start(user.id, meta);
      return { jwt, user: toSessionUser(user, await sessions.issueDashboardToken(user.id, session)) };
    },

    /** DELETE user_token: revokes the session of the token; the JWT stops working at once. */
    async signOut(token: string | undefined): Promise<void> {
      const auth = await sessions.authenticate(token, { touch: false });
      await sessions.revoke(auth.session.id);
    },

    /** GET api/v2/current */
    async current(userId: number): Promise<Profile> {
      const user = await users.findById(userId);
      if (!user) throw loggedOut();
      return toProfile(user, clock.now());
    },

    /**
     * GET api/auth/token: checks a token and answers a fresh one for the same session. It is how
     * a link's ?token= signs a customer in (docs/decisions/030), so an operations (staff)
     * session is refused here: a staff token in a URL never opens the console on another device.
     * The group-order admin token is not a bearer token and is refused by authenticate.
     */
    async exchangeToken(token: string | undefined): Promise<{ jwt: string; user: SessionUser }> {
      const auth = await sessions.authenticate(token);
      const user = await users.findById(auth.userId);
      if (!user) throw loggedOut();
      if (user.confirmed_at === null) throw new AppError('forbidden', messages.confirmEmail);
      if (user.role !== 'customer') throw forbidden();
      return {
        jwt: await sessions.reissue(user.id, auth.session),
        user: toSessionUser(user, await sessions.issueDashboardToken(user.id, auth.session)),
      };
    },

    /** GET api/v2/session: whether the session is live and when it ends; does not count as activity. */
    async sessionStatus(token: string | undefined) {
      const auth = await sessions.authenticate(token, { touch: false });
      return sessions.status(auth.session);
    },

    /**
     * POST users/password.json: emails a reset link if the account exists; the same answer either
     * way, and the same work before it (the per-address email count is taken for any address).
     */
    async requestPasswordReset(emailInput: string, meta: RequestMeta): Promise<{ message: string }> {
      await enforceRateLimits(limiter, [ipRule(meta)]);
      const address = emailInput.trim().toLowerCase();
      const allowed = await mayEmail(address);
      const user = await users.findByEmail(address);
      if (user && allowed) {
        const raw = await issueToken(user.id, 'reset_password');
        const link = `${deps.publicUrl}/accounts/reset-password?token=${encodeURIComponent(raw)}`;
        await sendSafely({ to: user.email, ...resetPassword({ firstName: user.first_name, link }) });
      }
      return { message: messages.resetRequested };
    },

    /**
     * PUT api/v2/accounts/reset-password. The link proves the mailbox, so the account is
     * confirmed too; every existing session is revoked and older reset links stop working.
     */
    async resetPassword(input: { token: string; password: string }, meta: RequestMeta): Promise<{ message: string }> {
      await enforceRateLimits(limiter, [ipRule(meta)]);
      const passwordHash = await passwords.hash(input.password);
      const now = clock.now();
      const done = await deps.transaction(async (tx) => {
        const userId = await tokens.consume(hashToken(input.token), 'reset_password', now, tx);
        if (userId === undefined) return false;
        // the rules that need the account (its email is a context word); refused: the link stays unused
        const problems = newPasswordProblems(input.password, { email: (await users.findById(userId, tx))?.email });
        if (problems.length > 0) throw validationFailed(problems);
        await users.updatePasswordHash(userId, passwordHash, now, tx);
        await users.updateConfirmed(userId, now, tx);
        await tokens.expireAllForUser(userId, 'reset_password', now, tx);
        await deps.sessions.revokeAllForUser(userId, tx);
        return true;
      });
      if (!done) throw validationFailed([messages.resetLinkExpired]);
      return { message: messages.successfullyUpdated };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
