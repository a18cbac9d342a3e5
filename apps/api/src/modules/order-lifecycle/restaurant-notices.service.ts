import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { partnerMessages, type DeclineReason, type PartnerAnswerLinkResponse } from '@caterway/contracts';
import { answerLadder, formatCents } from '@caterway/domain';
import { outboxEmailPart } from '../../db/outbox-emails.js';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import { standalone } from '../../db/sql-parts.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { enqueue, type JobHandlers } from '../../lib/jobs.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { LifecycleService } from './lifecycle.service.js';
import { escalationEmail, requestEmail, type RequestEmailStep } from './restaurant-requests.email.js';
import {
  createRestaurantRequestsRepository,
  ESCALATE_REQUEST,
  EXPIRE_REQUEST,
  NOTIFY_RESTAURANTS,
  RECONFIRM_ORDER,
  REMIND_RESTAURANT,
  type RequestToNotify,
} from './restaurant-requests.repository.js';

// The restaurant is told (issue 19 part 1, decision 048): each request is emailed to its
// notification addresses once it is committed, with signed one-click Accept and Decline links for
// a new order; a request still waiting is reminded, then escalated to operations, on a ladder
// that shrinks when the delivery is near (packages/domain answer-ladder).
//
// A link is a JWT signed with a key derived from the session secret for this purpose alone (a
// session cannot pass for a link nor the reverse). It names the request and the action and
// expires at the delivery or after 7 days. It works once because a request is answered once.
// Opening it shows the order and asks for the click that answers (POST): a mail scanner's GET
// never accepts an order.

const LINK_AUDIENCE = 'restaurant-answer';
const LINK_DAYS = 7;

export interface RestaurantNoticesDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** where escalations are emailed (operations) */
  operationsEmail: string;
  jwtSecret: Uint8Array;
  lifecycle: Pick<LifecycleService, 'restaurantAnswer'>;
  log: { error(obj: object, msg?: string): void };
}

type LinkAction = 'accept' | 'decline';

export function createRestaurantNotices(deps: RestaurantNoticesDeps) {
  const { db, clock } = deps;
  const requests = createRestaurantRequestsRepository(db);
  const key = new Uint8Array(
    crypto.hkdfSync('sha256', deps.jwtSecret, new Uint8Array(0), 'caterway restaurant answer links', 32),
  );

  async function link(r: RequestToNotify, action: LinkAction): Promise<string> {
    const days = clock.now().getTime() + LINK_DAYS * 86_400_000;
    const expires = Math.floor(Math.min(days, r.delivery_at.getTime()) / 1000);
    const token = await new SignJWT({ rid: r.id, act: action })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(LINK_AUDIENCE)
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(expires)
      .sign(key);
    return `${deps.publicUrl}/partner/answer#token=${token}`;
  }

  async function verify(token: string): Promise<{ requestId: number; action: LinkAction }> {
    try {
      const { payload } = await jwtVerify(token, key, {
        audience: LINK_AUDIENCE,
        algorithms: ['HS256'],
        currentDate: clock.now(),
      });
      const requestId = Number(payload.rid);
      const action = payload.act;
      if (!Number.isSafeInteger(requestId) || (action !== 'accept' && action !== 'decline')) throw new Error('claims');
      return { requestId, action };
    } catch (err) {
      throw notFound(err instanceof joseErrors.JWTExpired ? partnerMessages.linkExpired : partnerMessages.linkInvalid);
    }
  }

  /** The emails of a request to each of its recipients. */
  async function emailsOf(r: RequestToNotify, step: RequestEmailStep): Promise<OutgoingEmail[]> {
    const toAccept = step !== 'auto' && (r.kind === 'new_order' || r.kind === 'add_on');
    const links = {
      portal: `${deps.publicUrl}/partner/${r.chef_id}/orders/${r.order_id}`,
      ...(toAccept ? { accept: await link(r, 'accept'), decline: await link(r, 'decline') } : {}),
    };
    return r.recipients.map((to) => requestEmail(r, to, links, step));
  }

  /**
   * Sends emails that belong to the transaction's change: as outbox rows in it when the mailer
   * delivers from them, else after it commits (answered for the caller to send).
   */
  async function writeOrHold(tx: Queryable, emails: OutgoingEmail[]): Promise<OutgoingEmail[]> {
    if (!deps.mailer.deliveredByOutboxRow) return emails;
    for (const email of emails) {
      const { text, values } = standalone(outboxEmailPart(email));
      await tx.query(text, values);
    }
    return [];
  }

  async function sendHeld(emails: OutgoingEmail[], context: object): Promise<void> {
    for (const email of emails) {
      try {
        await deps.mailer.send(email);
      } catch (err) {
        deps.log.error({ err: { message: (err as Error).message }, ...context }, 'could not email a restaurant');
      }
    }
  }

  /** Whether the restaurant's auto-accept setting answers this request. */
  const autoAccepts = (r: RequestToNotify) =>
    (r.kind === 'new_order' || r.kind === 'add_on') &&
    (r.auto_accept === 'all' ||
      (r.auto_accept === 'under' &&
        r.auto_accept_max_cents !== null &&
        r.items_total_cents <= r.auto_accept_max_cents));

  /** A request's email asking for an answer, and its ladder, in the caller's transaction. */
  async function ask(tx: Queryable, r: RequestToNotify): Promise<OutgoingEmail[]> {
    // what must be answered is chased; an edit or a cancellation is news to acknowledge
    if (r.kind === 'new_order' || r.kind === 'add_on' || r.kind === 'reconfirmation') {
      const ladder = answerLadder(r.created_at, r.delivery_at);
      const payload = { request_id: r.id };
      await enqueue(tx, { kind: REMIND_RESTAURANT, dedupeKey: String(r.id), payload, runAt: ladder.remindAt });
      await enqueue(tx, { kind: ESCALATE_REQUEST, dedupeKey: String(r.id), payload, runAt: ladder.escalateAt });
      // an order nobody accepts is declined for the restaurant, never left silent (a reconfirmation
      // of an accepted order is escalated only)
      if (r.kind !== 'reconfirmation')
        await enqueue(tx, { kind: EXPIRE_REQUEST, dedupeKey: String(r.id), payload, runAt: ladder.expireAt });
    }
    return emailsOf(r, 'new');
  }

  /**
   * NOTIFY_RESTAURANTS: emails what reached the order's restaurants and starts each new order's
   * ladder; a restaurant that auto-accepts accepts at once and is told so (recorded per order as
   * answered 'auto'). Should the order have moved on meanwhile, it is asked like any other.
   */
  async function notify(orderId: number): Promise<void> {
    const now = clock.now();
    const auto: RequestToNotify[] = [];
    const held = await withTransaction(db, async (tx) => {
      const claimed = await requests.claimToNotify(tx, orderId, now);
      const emails: OutgoingEmail[] = [];
      for (const r of claimed) {
        if (autoAccepts(r)) auto.push(r);
        else emails.push(...(await ask(tx, r)));
      }
      return writeOrHold(tx, emails);
    });
    await sendHeld(held, { orderId });
    for (const r of auto) {
      try {
        await deps.lifecycle.restaurantAnswer({ userId: null, chefId: r.chef_id, via: 'auto' }, r.order_id, {
          answer: 'accept',
          request_id: r.id,
        });
        await sendHeld(await emailsOf(r, 'auto'), { orderId });
      } catch (err) {
        deps.log.error(
          { err: { message: (err as Error).message }, orderId, requestId: r.id },
          'auto-accept failed; the restaurant is asked instead',
        );
        const asked = await withTransaction(db, async (tx) => writeOrHold(tx, await ask(tx, r)));
        await sendHeld(asked, { orderId });
      }
    }
  }

  /** REMIND_RESTAURANT and ESCALATE_REQUEST: nothing once the request is answered. */
  async function chase(requestId: number, step: 'reminder' | 'escalation'): Promise<void> {
    const now = clock.now();
    const held = await withTransaction(db, async (tx) => {
      const r = await requests.waiting(tx, requestId);
      if (!r) return [];
      await requests.markStep(tx, requestId, step === 'reminder' ? 'reminded_at' : 'escalated_at', now);
      const emails =
        step === 'reminder'
          ? await emailsOf(r, 'reminder')
          : [escalationEmail(r, deps.operationsEmail, `${deps.publicUrl}/ops`)];
      return writeOrHold(tx, emails);
    });
    await sendHeld(held, { requestId, step });
  }

  /**
   * EXPIRE_REQUEST: a new order or add-on still unanswered at the ladder's end is declined for
   * the restaurant as `no_answer` (answered 'system'): the customer is told with alternatives and
   * the hold is released, like any decline. An answer that won meanwhile leaves nothing to do.
   */
  async function expire(requestId: number): Promise<void> {
    const r = await withTransaction(db, (tx) => requests.waiting(tx, requestId));
    if (!r || (r.kind !== 'new_order' && r.kind !== 'add_on')) return;
    try {
      await deps.lifecycle.restaurantAnswer({ userId: null, chefId: r.chef_id, via: 'system' }, r.order_id, {
        answer: 'decline',
        request_id: r.id,
        reason: 'no_answer',
      });
    } catch (err) {
      // answered (409) or gone (404) between the read and the decline: the other answer stands
      if (err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found')) return;
      throw err;
    }
  }

  /** What a link's page shows: the order in short, and whether it was answered. */
  async function describe(token: string): Promise<PartnerAnswerLinkResponse> {
    const { requestId, action } = await verify(token);
    const r = await requests.withOrder(requestId);
    if (!r) throw notFound(partnerMessages.linkInvalid);
    return {
      action,
      answer: r.answer,
      restaurant_name: r.restaurant_name,
      order: {
        order_number: r.order_number,
        display_delivery_date_time: displayDateTime(r.delivery_at, r.time_zone),
        order_type: r.receiving_method,
        company_name: r.company_name,
        portions: r.portions,
        items_total: formatCents(r.items_total_cents),
        status: r.status,
      },
      portal_path: `/partner/${r.chef_id}/orders/${r.order_id}`,
    };
  }

  return {
    jobHandlers(): JobHandlers {
      return {
        [NOTIFY_RESTAURANTS]: (job) => notify(Number(job.payload.order_id)),
        [REMIND_RESTAURANT]: (job) => chase(Number(job.payload.request_id), 'reminder'),
        [ESCALATE_REQUEST]: (job) => chase(Number(job.payload.request_id), 'escalation'),
        [EXPIRE_REQUEST]: (job) => expire(Number(job.payload.request_id)),
        [RECONFIRM_ORDER]: async (job) => {
          await withTransaction(db, (tx) => requests.openReconfirmation(tx, Number(job.payload.order_id), clock.now()));
        },
      };
    },

    /** POST api/v2/partner/answer-links/lookup */
    describe,

    /**
     * POST api/v2/partner/answer-links/answer: the link's action, answered by email (no account
     * needed: the signed link is the authority). 409 once the request is answered.
     */
    async answer(
      token: string,
      decline: { reason?: DeclineReason; note?: string },
    ): Promise<PartnerAnswerLinkResponse> {
      const { requestId, action } = await verify(token);
      const r = await requests.withOrder(requestId);
      if (!r) throw notFound(partnerMessages.linkInvalid);
      if (action === 'decline' && !decline.reason) throw validationFailed([partnerMessages.declineReasonNeeded]);
      await deps.lifecycle.restaurantAnswer(
        { userId: null, chefId: r.chef_id, via: 'email' },
        r.order_id,
        action === 'accept'
          ? { answer: 'accept', request_id: requestId }
          : { answer: 'decline', request_id: requestId, reason: decline.reason!, note: decline.note ?? '' },
      );
      return describe(token);
    },
  };
}
export type RestaurantNotices = ReturnType<typeof createRestaurantNotices>;
