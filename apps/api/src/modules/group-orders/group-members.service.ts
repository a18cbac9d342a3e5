import crypto from 'node:crypto';
import type { z } from 'zod';
import type { joinGroupOrderBodySchema, MemberChoiceResponse, PublicGroupOrderResponse } from '@caterway/contracts';
import {
  isSoldOut,
  soldOutLabel,
  soldOutMessage,
  budgetRule,
  deliveryScheduleProblems,
  formatCents,
  groupMessages,
  groupStatusLabel,
  orderingOpen,
  shownGroupStatus,
  type GroupOrderStatus,
} from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import type { Mailer } from '../../ports/email.js';
import { displayDateTime } from '../orders/orders.email.js';
import { groupEmail } from './group-orders.email.js';
import type { GroupOrderRow, GroupOrdersRepository, GroupOrderView, MemberRow } from './group-orders.repository.js';
import { memberChoiceOf, shareUrl, type GroupLinks } from './group-orders.service.js';

/** The domain's rules read camelCase; rows are snake_case. */
const isOpen = (g: { status: GroupOrderStatus; cutoff_at: Date | null }, now: Date) =>
  orderingOpen({ status: g.status, cutoffAt: g.cutoff_at }, now);

// The members' side (issue 6 item 3): public by share token, no account. Joining returns a
// random member token (only its SHA-256 is stored) that every later call carries in
// X-Member-Token; a call sees and changes only that member's own choice. Every join and choice
// locks the group order row and decides by the server clock after taking the lock, so nothing
// slips in once the cut-off job (which takes the same lock) has closed ordering.

export const memberMessages = {
  notFound: 'Group order not found',
  memberNotFound: 'Member not found',
} as const;

/**
 * What the public join endpoint may email (docs/decisions/029): anyone with the share link can
 * type any address, so the member-link emails are capped per group order and per address.
 */
export const JOIN_EMAIL_LIMITS = { perGroupPerHour: 5, perAddressPerDay: 1 } as const;
const MEMBER_LINK_TEMPLATE = 'group_order_member_link';

/** A meal's 86 at `now` (decision 053), by the rule that refuses choosing it. */
function soldOutState(until: string | null, now: Date, timeZone: string) {
  const label = soldOutLabel(until, now, timeZone);
  return { sold_out: label !== null, sold_out_label: label };
}

export const hashMemberToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface GroupMembersServiceDeps {
  db: Db;
  groupOrders: GroupOrdersRepository;
  mailer: Mailer;
  clock: Clock;
  links: GroupLinks;
  log: { error(obj: object, msg?: string): void };
}

type JoinBody = z.output<typeof joinGroupOrderBodySchema>;

export function createGroupMembersService(deps: GroupMembersServiceDeps) {
  const { groupOrders: repo, clock } = deps;

  async function byToken(shareToken: string): Promise<GroupOrderView> {
    const group = await repo.findByShareToken(shareToken);
    // a group order never opened has no share link yet
    if (!group || group.status === 'created') throw notFound(memberMessages.notFound);
    return group;
  }

  function shown(g: GroupOrderView): GroupOrderStatus {
    return shownGroupStatus(g.status, g.catering_status && g.catering_status !== 'draft' ? g.catering_status : null);
  }

  function closedMessage(g: Pick<GroupOrderRow, 'status' | 'cutoff_at'>, now: Date): string | null {
    if (isOpen(g, now)) return null;
    return g.status === 'detail_entered' ? groupMessages.notOpenYet : groupMessages.orderingClosed;
  }

  /** Refuses with 409 unless members may act now (call with the group row locked). */
  function assertOpen(g: GroupOrderRow, now: Date): void {
    const message = closedMessage(g, now);
    if (message) throw conflict(message);
  }

  async function member(group: GroupOrderView, token: string | undefined): Promise<MemberRow> {
    if (!token || token.length > 200) throw notFound(memberMessages.memberNotFound);
    const m = await repo.memberByToken(group.uuid, hashMemberToken(token));
    if (!m) throw notFound(memberMessages.memberNotFound);
    return m;
  }

  function choiceState(group: GroupOrderView | GroupOrderRow, m: MemberRow, now: Date): MemberChoiceResponse {
    const choice = memberChoiceOf(m, group, now);
    return {
      member: { name: m.name, email: m.email, dietary_needs: m.dietary_needs },
      choice,
      budget_cents: group.budget_cents,
      budget_left_cents: Math.max(0, group.budget_cents - (choice?.price_cents ?? 0)),
      ordering_open: isOpen(group, now),
      closed_message: closedMessage(group, now),
    };
  }

  function memberLink(group: GroupOrderView, token: string): string {
    return `${shareUrl(deps.links, group.share_token)}?member_token=${encodeURIComponent(token)}`;
  }

  async function send(email: Parameters<Mailer['send']>[0], context: object): Promise<void> {
    try {
      await deps.mailer.send(email);
    } catch (err) {
      deps.log.error({ err: { message: (err as Error).message }, ...context }, 'could not send a group-order email');
    }
  }

  return {
    /** GET api/v2/group/{shareToken}: the chef's meals with dietary labels, the budget and the cut-off. */
    async page(shareToken: string): Promise<PublicGroupOrderResponse> {
      const g = await byToken(shareToken);
      const now = clock.now();
      const meals = g.chef_id === null ? [] : await repo.mealsOfChef(g.chef_id);
      const status = shown(g);
      return {
        group_order: {
          name: g.name,
          company_name: g.company_name,
          creator_name: g.creator_name,
          chef_id: g.chef_id,
          chef_name: g.chef_name,
          status,
          status_label: groupStatusLabel(status),
          budget_cents: g.budget_cents,
          head_count: g.head_count,
          joined_count: g.joined_count,
          cutoff_at: g.cutoff_at?.toISOString() ?? null,
          delivery_at: g.delivery_at?.toISOString() ?? null,
          time_zone: g.time_zone,
          ordering_open: isOpen(g, now),
          closed_message: closedMessage(g, now),
          server_now: now.toISOString(),
        },
        menus: meals.map((m) => ({
          id: m.id,
          name: m.name,
          description: m.description,
          category_name: m.category_name,
          price_cents: m.price_cents,
          dietary_types: m.dietary_types,
          image_url: m.main_image_url || null,
          within_budget: budgetRule(m.price_cents, g.budget_cents).ok,
          ...soldOutState(m.unavailable_until, now, g.time_zone),
        })),
      };
    },

    /**
     * POST api/v2/group/{shareToken}/members: join with name and email until the cut-off and up
     * to the head count. The member is emailed a personal link carrying their token, so a second
     * browser (or a cleared one) gets back in. Joining again with the same email is refused and
     * emails that member a further link: the links they have keep working, and nothing in this
     * answer lets the second joiner in. Both emails go only within JOIN_EMAIL_LIMITS (counted in
     * PostgreSQL); beyond them the join still succeeds, without the email.
     */
    async join(
      shareToken: string,
      body: JoinBody,
    ): Promise<{ member_token: string; member: { name: string; email: string; dietary_needs: string } }> {
      const group = await byToken(shareToken);
      const token = crypto.randomBytes(32).toString('base64url');
      const outcome = await withTransaction(deps.db, async (tx) => {
        const g = await repo.lock(group.uuid, tx);
        if (!g) throw notFound(memberMessages.notFound);
        const now = clock.now();
        assertOpen(g, now);
        const mayEmail = (to: string) =>
          repo.claimJoinEmail({ uuid: g.uuid, to, template: MEMBER_LINK_TEMPLATE, now, ...JOIN_EMAIL_LIMITS }, tx);
        const existing = await repo.memberByEmail(g.uuid, body.email, tx);
        if (existing) {
          if (!(await mayEmail(existing.email))) return { existing, link: undefined };
          // a further link for the owner of the address only: it travels by email, never in this answer
          const further = crypto.randomBytes(32).toString('base64url');
          await repo.addMemberToken(existing.id, hashMemberToken(further), now, tx);
          return { existing, link: further };
        }
        const joined = await repo.countMembers(g.uuid, tx);
        if (joined >= g.head_count) throw conflict(groupMessages.full(g.head_count));
        await repo.insertMember(
          {
            uuid: g.uuid,
            tokenHash: hashMemberToken(token),
            name: body.name,
            email: body.email,
            dietaryNeeds: body.dietary_needs,
            now,
          },
          tx,
        );
        return { existing: undefined, link: (await mayEmail(body.email)) ? token : undefined };
      });
      if (outcome.existing) {
        if (outcome.link) {
          await send(
            groupEmail({
              to: outcome.existing.email,
              subject: `Your meal link for ${group.name || 'the group order'}`,
              template: MEMBER_LINK_TEMPLATE,
              greeting: `Hi ${outcome.existing.name},`,
              paragraphs: [
                'Someone (probably you) tried to join this group order again with your email. Use this link to see or change your meal; the link you had still works too.',
              ],
              link: { label: 'Open my meal', url: memberLink(group, outcome.link) },
            }),
            { groupOrder: group.uuid, memberId: outcome.existing.id },
          );
        }
        throw conflict(groupMessages.alreadyJoined);
      }
      if (outcome.link) {
        await send(
          groupEmail({
            to: body.email,
            subject: `You joined ${group.name || 'a group order'}`,
            template: MEMBER_LINK_TEMPLATE,
            greeting: `Hi ${body.name},`,
            paragraphs: [
              `You joined ${group.creator_name}'s group order from ${group.chef_name}.`,
              `Choose one meal within your budget of ${formatCents(group.budget_cents)} before ${group.cutoff_at ? displayDateTime(group.cutoff_at, group.time_zone) : 'the cut-off'}. You can change it until then with this link.`,
            ],
            link: { label: 'Choose my meal', url: memberLink(group, outcome.link) },
          }),
          { groupOrder: group.uuid },
        );
      }
      return { member_token: token, member: { name: body.name, email: body.email, dietary_needs: body.dietary_needs } };
    },

    /** GET api/v2/group/{shareToken}/choice: the member's own choice (also after the cut-off). */
    async getChoice(shareToken: string, token: string | undefined): Promise<MemberChoiceResponse> {
      const group = await byToken(shareToken);
      const m = await member(group, token);
      return choiceState(group, m, clock.now());
    },

    /** PUT api/v2/group/{shareToken}/choice: choose or change the meal, within the budget, before the cut-off. */
    async choose(shareToken: string, token: string | undefined, menuId: number): Promise<MemberChoiceResponse> {
      const group = await byToken(shareToken);
      const m = await member(group, token);
      const meals = group.chef_id === null ? [] : await repo.mealsOfChef(group.chef_id);
      const meal = meals.find((x) => x.id === menuId);
      return withTransaction(deps.db, async (tx) => {
        const g = await repo.lock(group.uuid, tx, 'share');
        if (!g) throw notFound(memberMessages.notFound);
        const now = clock.now();
        assertOpen(g, now);
        if (!meal) throw validationFailed([groupMessages.menuNotOffered]);
        // a dish the restaurant 86'd cannot be chosen while it is sold out (decision 053)
        if (isSoldOut(meal.unavailable_until, now))
          throw validationFailed([soldOutMessage(meal.name, meal.unavailable_until!, now, g.time_zone)]);
        const budget = budgetRule(meal.price_cents, g.budget_cents);
        if (!budget.ok) throw validationFailed([budget.message]);
        // a meal with a lead time of its own longer than what is left before delivery (decision 052)
        if (g.delivery_at) {
          const late = deliveryScheduleProblems({
            delivery: g.delivery_at,
            timeZone: g.time_zone,
            stores: [],
            noticeHours: 0,
            dishes: [{ name: meal.name, leadTimeHours: meal.lead_time_hours }],
            now,
          });
          if (late.length) throw validationFailed(late);
        }
        await repo.upsertChoice(
          { memberId: m.id, uuid: g.uuid, menuId: meal.id, priceCents: meal.price_cents, now },
          tx,
        );
        return choiceState(g, (await repo.memberByToken(g.uuid, hashMemberToken(token!), tx))!, now);
      });
    },

    /** DELETE api/v2/group/{shareToken}/choice: withdraw before the cut-off. */
    async withdraw(shareToken: string, token: string | undefined): Promise<MemberChoiceResponse> {
      const group = await byToken(shareToken);
      const m = await member(group, token);
      return withTransaction(deps.db, async (tx) => {
        const g = await repo.lock(group.uuid, tx, 'share');
        if (!g) throw notFound(memberMessages.notFound);
        const now = clock.now();
        assertOpen(g, now);
        await repo.deleteChoice(m.id, tx);
        return choiceState(g, (await repo.memberByToken(g.uuid, hashMemberToken(token!), tx))!, now);
      });
    },
  };
}
export type GroupMembersService = ReturnType<typeof createGroupMembersService>;
