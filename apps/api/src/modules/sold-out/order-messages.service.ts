import type { CustomerOrderMessage, OrderMessage } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';
import { createSoldOutRepository, type OrderMessageRow } from './sold-out.repository.js';

/** A stored message as the portal reads it (with who in the team wrote it). */
export function toOrderMessage(row: OrderMessageRow): OrderMessage {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    subject: row.subject,
    restaurant_name: row.restaurant_name,
    author_name: row.author_name,
    created_at: row.created_at.toISOString(),
  };
}

// What restaurants told a customer about an order (decision 053), lent to the orders module for
// the order detail (GET api/v2/catering_orders/{id}) and the group-orders module for the group
// order's: the customer sees the restaurant's name,
// never who in its team wrote it.
export function orderMessagesReads(db: Queryable) {
  const repo = createSoldOutRepository(db);
  const forCustomer = (rows: OrderMessageRow[]): CustomerOrderMessage[] =>
    rows.map((row) => {
      const { author_name: author, ...message } = toOrderMessage(row);
      void author;
      return message;
    });
  return {
    forCustomer: async (orderId: number) => forCustomer(await repo.messagesOfOrder(orderId)),
    /** a group order's, for its organiser's detail (GET api/v2/group_orders/{ref}/detail) */
    forGroupOrder: async (uuid: string) => forCustomer(await repo.messagesOfGroupOrder(uuid)),
  };
}
