import type { CateringOrderDetail } from '../api/types';

/**
 * What the order's restaurants told the customer (decision 053): a substitute for a sold-out dish
 * or a note, newest first, at the top of the order (or group order) where it cannot be missed.
 */
export function RestaurantMessages({ messages: list }: { messages: CateringOrderDetail['restaurantMessages'] }) {
  if (list.length === 0) return null;
  return (
    <section className="order-messages" aria-label="Messages from the restaurant">
      {[...list].reverse().map((m) => (
        <div key={m.id} className="order-message" role="note">
          <p className="order-message-title">
            Message from {m.restaurantName}
            {m.kind === 'substitute' ? ' · substitute proposed' : ''}
            {m.subject ? ` · about ${m.subject}` : ''}
          </p>
          <p className="order-message-body">{m.body}</p>
          <p className="order-message-date muted">
            {new Date(m.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
          </p>
        </div>
      ))}
    </section>
  );
}
