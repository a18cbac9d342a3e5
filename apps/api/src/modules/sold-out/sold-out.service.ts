import type {
  OrderMessage,
  PartnerAffectedOrder,
  PartnerAffectedResponse,
  PartnerOrderMessageBody,
  PartnerRestaurant,
  PartnerSoldOutChangeResponse,
  PartnerSoldOutOption,
  PartnerSoldOutResponse,
} from '@caterway/contracts';
import { soldOutMessages } from '@caterway/contracts';
import { formatLocalDateTime, isSoldOut, soldOutUntil, soldOutUntilText, type SoldOutFor } from '@caterway/domain';
import { outboxEmailPart } from '../../db/outbox-emails.js';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import { standalone } from '../../db/sql-parts.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';
import { actorOf, createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { toOrderMessage } from './order-messages.service.js';
import { orderMessageEmail } from './sold-out.email.js';
import { createSoldOutRepository, type SoldOutOptionRow, type SoldOutTargetRow } from './sold-out.repository.js';

// "86 an item" (issue 19 part 3; decision 053). A restaurant's staff (and anyone above, and
// operations) mark a dish or an option sold out until the end of the restaurant's local day, for
// 1 to 72 hours, or until they turn it back on; the change and its audit row commit together and
// bump the restaurant's catalogue version. The answer lists the orders the 86 affects, so the
// kitchen can message their customers (a substitute proposed): stored, audited, emailed, and
// shown on the customer's order.

/** An unavailable_until as PostgreSQL's JSON spells it ('...+00:00') in the app's spelling ('....000Z'). */
const isoUntil = (until: string | null): string | null =>
  until === null || until === 'infinity' ? until : new Date(until).toISOString();

export interface SoldOutServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void };
}

type Restaurant = Pick<PartnerRestaurant, 'id' | 'role' | 'name' | 'time_zone'>;
type Target = { menuId: number } | { menuItemId: number };

export interface SoldOutChange {
  target: Target;
  /** undefined: back on */
  duration?: SoldOutFor;
}

export function createSoldOutService(deps: SoldOutServiceDeps) {
  const { db, clock } = deps;
  const repo = createSoldOutRepository(db);
  const changes = createCatalogueChangesService(db);

  function optionView(row: SoldOutOptionRow, now: Date, timeZone: string): PartnerSoldOutOption {
    const until = isoUntil(row.unavailable_until);
    const soldOut = isSoldOut(until, now);
    return {
      id: Number(row.id),
      name: row.name,
      price_cents: Number(row.price_cents),
      sold_out: soldOut,
      // an 86 that ran out reads as available: nothing undoes it in the table
      unavailable_until: soldOut ? until : null,
      until_text: soldOut ? soldOutUntilText(until!, now, timeZone) : null,
    };
  }

  /** Sends an email that belongs to the transaction's change: in it when the outbox row is the delivery. */
  async function writeOrHold(tx: Queryable, email: OutgoingEmail): Promise<OutgoingEmail | null> {
    if (!deps.mailer.deliveredByOutboxRow) return email;
    const { text, values } = standalone(outboxEmailPart(email));
    await tx.query(text, values);
    return null;
  }

  async function sendHeld(email: OutgoingEmail | null, context: object): Promise<void> {
    if (!email) return;
    try {
      await deps.mailer.send(email);
    } catch (err) {
      // the message is stored and shown on the order: a mail outage must not turn it into an error
      deps.log.error({ err: { message: (err as Error).message }, ...context }, 'could not email an order message');
    }
  }

  async function affected(
    chefId: number,
    target: Target,
    subject: string,
    now: Date,
  ): Promise<PartnerAffectedResponse> {
    const orders = await repo.affectedOrders(chefId, target, now);
    const groups = 'menuId' in target ? await repo.affectedGroupOrders(chefId, target.menuId, now) : [];
    const list: PartnerAffectedOrder[] = [
      ...orders.map((o): PartnerAffectedOrder => ({
        kind: 'order',
        order_id: o.order_id,
        order_number: o.order_number,
        group_order_id: o.group_order_id,
        group_order_name: o.group_order_name,
        state: o.answer === null ? 'waiting' : 'accepted',
        customer_name: `${o.first_name} ${o.last_name}`.trim(),
        company_name: o.company_name,
        email: o.email,
        phone: o.phone_number,
        delivery_at: o.delivery_at.toISOString(),
        display_delivery: formatLocalDateTime(o.delivery_at, o.time_zone),
        quantity: o.quantity,
        messages_sent: o.messages_sent,
      })),
      ...groups.map((g): PartnerAffectedOrder => ({
        kind: 'group_order',
        order_id: null,
        order_number: null,
        group_order_id: g.group_order_id,
        group_order_name: g.name,
        state: 'open',
        customer_name: `${g.first_name} ${g.last_name}`.trim(),
        company_name: g.company_name,
        email: g.email,
        phone: g.phone,
        delivery_at: g.delivery_at?.toISOString() ?? null,
        display_delivery: g.delivery_at ? formatLocalDateTime(g.delivery_at, g.time_zone) : 'Date to be set',
        quantity: g.quantity,
        messages_sent: g.messages_sent,
      })),
    ];
    list.sort((a, b) => (a.delivery_at ?? '9999').localeCompare(b.delivery_at ?? '9999'));
    return { subject, orders: list };
  }

  const subjectOfTarget = (t: SoldOutTargetRow) => (t.kind === 'option' ? `${t.name} (${t.dish_name})` : t.name);

  async function message(
    restaurant: Restaurant,
    userId: number,
    to: {
      orderId: number | null;
      groupOrderUuid: string | null;
      firstName: string;
      email: string;
      label: string;
      deliveryText: string;
      auditId: string | number;
    },
    body: PartnerOrderMessageBody & { kind: 'substitute' | 'note'; body: string },
  ): Promise<OrderMessage> {
    let subject = '';
    if (body.menu_id !== undefined || body.menu_item_id !== undefined) {
      const found = await repo.subjectOf(restaurant.id, { menuId: body.menu_id, menuItemId: body.menu_item_id });
      if (found === undefined)
        throw notFound(body.menu_item_id !== undefined ? soldOutMessages.optionNotFound : soldOutMessages.dishNotFound);
      subject = found;
    }
    const now = clock.now();
    let held: OutgoingEmail | null = null;
    const row = await withTransaction(db, async (tx) => {
      const inserted = await repo.insertMessage(
        {
          chefId: restaurant.id,
          orderId: to.orderId,
          groupOrderUuid: to.groupOrderUuid,
          authorUserId: userId,
          kind: body.kind,
          body: body.body,
          menuId: body.menu_item_id === undefined ? (body.menu_id ?? null) : null,
          menuItemId: body.menu_item_id ?? null,
          subject,
          now,
        },
        tx,
      );
      await changes.record(
        tx,
        actorOf(userId, restaurant),
        {
          chefId: restaurant.id,
          entity: 'order_message',
          entityId: to.auditId,
          action: body.kind,
          summary: `${body.kind === 'substitute' ? 'Substitute proposed' : 'Message sent'} to ${to.firstName} for ${to.label}${subject ? ` about ${subject}` : ''}`,
          after: { id: inserted.id, kind: body.kind, body: body.body, subject },
        },
        { catalogue: false },
      );
      held = await writeOrHold(
        tx,
        orderMessageEmail({
          to: to.email,
          firstName: to.firstName,
          restaurantName: inserted.restaurant_name,
          orderLabel: to.label,
          kind: body.kind,
          subject,
          body: body.body,
          deliveryText: to.deliveryText,
          link: `${deps.publicUrl}/my-orders`,
        }),
      );
      return inserted;
    });
    await sendHeld(held, { chefId: restaurant.id, orderId: to.orderId });
    return toOrderMessage(row);
  }

  return {
    /** GET .../sold-out: the menu by category with each dish's and option's availability now. */
    async menu(restaurant: Restaurant): Promise<PartnerSoldOutResponse> {
      const timeZone = restaurant.time_zone;
      const dishes = await repo.menu(restaurant.id);
      const now = clock.now();
      const categories: PartnerSoldOutResponse['categories'] = [];
      for (const dish of dishes) {
        let category = categories[categories.length - 1];
        if (!category || category.name !== dish.category_name) {
          category = { name: dish.category_name, dishes: [] };
          categories.push(category);
        }
        category.dishes.push({
          ...optionView(dish, now, timeZone),
          category_name: dish.category_name,
          options: dish.options.map((o) => optionView(o, now, timeZone)),
        });
      }
      return { time_zone: timeZone, categories };
    },

    /** POST .../sold-out: an 86 (until end of day, N hours, until turned back on) or back on. */
    async change(restaurant: Restaurant, userId: number, input: SoldOutChange): Promise<PartnerSoldOutChangeResponse> {
      // the restaurant's local day (chefs.time_zone) ends an 86 "until end of day"
      const timeZone = restaurant.time_zone;
      const now = clock.now();
      const { target, after } = await withTransaction(db, async (tx) => {
        const found = await repo.lockTarget(restaurant.id, input.target, tx);
        if (!found)
          throw notFound('menuId' in input.target ? soldOutMessages.dishNotFound : soldOutMessages.optionNotFound);
        const until = input.duration ? soldOutUntil(input.duration, now, timeZone) : null;
        const stored = input.duration ? (until ? until.toISOString() : 'infinity') : null;
        const before = isoUntil(found.unavailable_until);
        const written = isoUntil(await repo.setUnavailableUntil(found, stored, tx));
        const subject = subjectOfTarget(found);
        await changes.record(
          tx,
          actorOf(userId, restaurant),
          {
            chefId: restaurant.id,
            entity: found.kind,
            entityId: found.id,
            action: input.duration ? 'unavailable' : 'available',
            summary: input.duration
              ? `${subject} sold out ${soldOutUntilText(written!, now, timeZone)}`
              : `${subject} available again`,
            before: { unavailable_until: before },
            after: { unavailable_until: written },
          },
          { catalogue: true },
        );
        return { target: found, after: written };
      });
      const view = optionView({ ...target, unavailable_until: after }, now, timeZone);
      const key: Target = target.kind === 'dish' ? { menuId: target.id } : { menuItemId: target.id };
      return {
        item: { ...view, kind: target.kind, menu_id: target.menu_id },
        affected: await affected(restaurant.id, key, subjectOfTarget(target), now),
      };
    },

    /** GET .../sold-out/affected: the orders holding a dish or option (whether or not it is 86'd now). */
    async affected(chefId: number, target: Target): Promise<PartnerAffectedResponse> {
      const subject = await repo.subjectOf(chefId, 'menuId' in target ? { menuId: target.menuId } : target);
      if (subject === undefined)
        throw notFound('menuId' in target ? soldOutMessages.dishNotFound : soldOutMessages.optionNotFound);
      return affected(chefId, target, subject, clock.now());
    },

    /** GET .../orders/{orderId}/messages: what this restaurant told the order's customer. */
    async orderMessages(chefId: number, orderId: number): Promise<OrderMessage[]> {
      const order = await repo.messageableOrder(chefId, orderId);
      if (!order) throw notFound(soldOutMessages.orderNotFound);
      return (await repo.messagesOfRestaurant(chefId, orderId)).map(toOrderMessage);
    },

    /** POST .../orders/{orderId}/messages: a substitute proposed, or a note, to the order's customer. */
    async messageOrder(
      restaurant: Restaurant,
      userId: number,
      orderId: number,
      body: PartnerOrderMessageBody & { kind: 'substitute' | 'note'; body: string },
    ): Promise<OrderMessage> {
      const order = await repo.messageableOrder(restaurant.id, orderId);
      if (!order) throw notFound(soldOutMessages.orderNotFound);
      return message(
        restaurant,
        userId,
        {
          orderId: order.id,
          groupOrderUuid: order.group_order_uuid,
          firstName: order.first_name,
          email: order.email,
          label: `order ${order.order_number}`,
          deliveryText: formatLocalDateTime(order.delivery_at, order.time_zone),
          auditId: order.id,
        },
        body,
      );
    },

    /** POST .../group-orders/{groupOrderId}/messages: to an open group order's organiser. */
    async messageGroupOrder(
      restaurant: Restaurant,
      userId: number,
      groupOrderId: number,
      body: PartnerOrderMessageBody & { kind: 'substitute' | 'note'; body: string },
    ): Promise<OrderMessage> {
      const group = await repo.messageableGroupOrder(restaurant.id, groupOrderId);
      if (!group) throw notFound(soldOutMessages.groupOrderNotFound);
      return message(
        restaurant,
        userId,
        {
          orderId: group.catering_order_id,
          groupOrderUuid: group.uuid,
          firstName: group.first_name,
          email: group.email,
          label: `group order "${group.name || 'Group order'}"`,
          deliveryText: group.delivery_at ? formatLocalDateTime(group.delivery_at, group.time_zone) : 'date to be set',
          auditId: `group:${group.id}`,
        },
        body,
      );
    },
  };
}
export type SoldOutService = ReturnType<typeof createSoldOutService>;
