import crypto from 'node:crypto';
import type {
  PartnerInvite,
  PartnerInviteAcceptBody,
  PartnerInviteBody,
  PartnerRestaurant,
  RestaurantRole,
} from '@caterway/contracts';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { newPasswordProblems } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Mailer } from '../../ports/email.js';
import { accountAccessFrom } from '../auth/account-access.service.js';
import type { AuthUser } from '../auth/auth.guard.js';
import { createInvitesRepository, type InviteRow } from './invites.repository.js';
import { teamInviteEmail } from './partner.email.js';
import { createPartnerRepository } from './partner.repository.js';

export const inviteMessages = {
  managersInviteStaff: 'Managers can invite staff only.',
  alreadyOnTeam: 'This person is already on the team.',
  tooMany: 'This restaurant has sent too many invitations today. Please try again tomorrow.',
  invalidLink: 'This invitation link is invalid or has expired.',
  signInAs: (email: string) => `Sign in as ${email} to accept this invitation.`,
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  password: 'Please choose a password.',
  joined: (restaurant: string) => `You joined ${restaurant} on Caterway.`,
};

/** how long an invitation link works */
export const INVITE_DAYS = 7;
/** invitations a restaurant may send in 24 hours */
export const INVITES_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (raw: string) => crypto.createHash('sha256').update(raw).digest('hex');

function inviteOut(row: InviteRow): PartnerInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * Invitations to a restaurant's team (issue 19, decision 047): the owner and operations invite
 * any role, a manager invites staff. The emailed link works once, for INVITE_DAYS days; a newer
 * invitation of the same email retires the older. Accepting makes an account (confirmed: the
 * link proves the email) or, for an email that has one, needs that account signed in.
 */
export function createInvitesService(deps: { db: Db; clock: Clock; mailer: Mailer; publicUrl: string }) {
  const { db, clock, mailer } = deps;
  const invites = createInvitesRepository(db);
  const partners = createPartnerRepository(db);
  const users = accountAccessFrom(db);

  return {
    async invite(restaurant: PartnerRestaurant, inviter: AuthUser, body: PartnerInviteBody): Promise<PartnerInvite> {
      if (restaurant.role === 'manager' && body.role !== 'staff') throw forbidden(inviteMessages.managersInviteStaff);
      const now = clock.now();
      const existing = await users.findUserByEmail(body.email);
      const raw = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITE_DAYS * DAY_MS);
      const id = await withTransaction(db, async (tx) => {
        await invites.lockRestaurant(restaurant.id, tx);
        if (existing && (await partners.roleOf(existing.id, restaurant.id, tx)))
          throw conflict(inviteMessages.alreadyOnTeam);
        if ((await invites.countSince(restaurant.id, new Date(now.getTime() - DAY_MS), tx)) >= INVITES_PER_DAY)
          throw new AppError('too_many_requests', inviteMessages.tooMany);
        return invites.insert(
          {
            chefId: restaurant.id,
            email: body.email,
            role: body.role,
            tokenHash: hashToken(raw),
            invitedBy: inviter.id,
            now,
            expiresAt,
          },
          tx,
        );
      });
      await mailer.send(
        teamInviteEmail({
          to: body.email,
          restaurantName: restaurant.name,
          role: body.role,
          inviterName: await invites.inviterName(inviter.id),
          url: `${deps.publicUrl}/partner/invite#token=${raw}`,
          expiresInDays: INVITE_DAYS,
        }),
      );
      return {
        id,
        email: body.email,
        role: body.role,
        invited_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      };
    },

    async team(restaurant: PartnerRestaurant) {
      const [members, open] = await Promise.all([
        partners.team(restaurant.id),
        invites.openFor(restaurant.id, clock.now()),
      ]);
      return { members, invites: open.map(inviteOut) };
    },

    async lookup(token: string) {
      const invite = await invites.findOpen(hashToken(token), clock.now());
      if (!invite) throw notFound(inviteMessages.invalidLink);
      return {
        restaurant_name: invite.restaurant_name,
        role: invite.role,
        email: invite.email,
        account_exists: (await users.findUserByEmail(invite.email)) !== undefined,
      };
    },

    async accept(body: PartnerInviteAcceptBody, caller: AuthUser | undefined) {
      const tokenHash = hashToken(body.token);
      const now = clock.now();
      const invite = await invites.findOpen(tokenHash, now);
      if (!invite) throw notFound(inviteMessages.invalidLink);
      const existing = await users.findUserByEmail(invite.email);
      const joined = (row: InviteRow, role: RestaurantRole) => ({
        message: inviteMessages.joined(row.restaurant_name),
        restaurant: { id: row.chef_id, name: row.restaurant_name },
        role,
      });

      if (existing) {
        if (caller?.id !== existing.id) throw forbidden(inviteMessages.signInAs(invite.email));
        return withTransaction(db, async (tx) => {
          const accepted = await invites.accept(tokenHash, existing.id, now, tx);
          if (!accepted) throw notFound(inviteMessages.invalidLink);
          await partners.addMember({ chefId: accepted.chef_id, userId: existing.id, role: accepted.role }, tx);
          return joined(accepted, accepted.role);
        });
      }

      const problems: string[] = [];
      if (!body.first_name) problems.push(inviteMessages.firstName);
      if (!body.last_name) problems.push(inviteMessages.lastName);
      if (!body.password) problems.push(inviteMessages.password);
      else problems.push(...newPasswordProblems(body.password, { email: invite.email }));
      if (problems.length > 0) throw validationFailed(problems);
      const passwordHash = await hashPassword(body.password!);
      return withTransaction(db, async (tx) => {
        const user = await users.insertConfirmedUser(
          {
            email: invite.email,
            passwordHash,
            firstName: body.first_name!,
            lastName: body.last_name!,
            phone: '',
            companyName: invite.restaurant_name,
            address1: '',
            address2: '',
            city: '',
            province: '',
            zip: '',
            country: 'CA',
            latitude: null,
            longitude: null,
            referral: 'restaurant_invite',
            createdAt: now,
          },
          tx,
        );
        // an account made with this email since the lookup above: it must sign in instead
        if (!user) throw forbidden(inviteMessages.signInAs(invite.email));
        const accepted = await invites.accept(tokenHash, user.id, now, tx);
        if (!accepted) throw notFound(inviteMessages.invalidLink);
        await partners.addMember({ chefId: accepted.chef_id, userId: user.id, role: accepted.role }, tx);
        return joined(accepted, accepted.role);
      });
    },
  };
}
