import { useId } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@caterway/domain';
import { StatusBadge } from '@caterway/ui';
import { answerLabels, servingsOf, requestKindLabels, type OrdersView, type PartnerOrder } from '../api/types';
import { portalPaths } from '../portal-paths';
import { OrderActions, type AnswerOutcome } from './order-actions';

/** Who answered and how, under an order that no longer waits. */
export function answeredLine(request: PartnerOrder['request']): string | null {
  if (!request.answer) return null;
  return `${answerLabels[request.answer]}${request.answeredBy ? ` by ${request.answeredBy}` : ''}`;
}

/** When, for how many, how much, for whom: the card's and the detail's first lines. */
export function OrderFacts({ order }: { order: PartnerOrder }) {
  return (
    <dl className="partner-facts">
      <div className="partner-fact-wide">
        <dt>{order.orderType === 'pickup' ? 'Pickup' : 'Delivery'}</dt>
        <dd>{order.displayDeliveryDateTime}</dd>
      </div>
      <div>
        <dt>Servings</dt>
        <dd>{servingsOf(order)}</dd>
      </div>
      <div>
        <dt>Food total</dt>
        <dd>{formatCents(order.itemsTotalCents)}</dd>
      </div>
      <div className="partner-fact-wide">
        <dt>Customer</dt>
        <dd>
          {order.customer.name}
          {order.customer.companyName ? <span className="partner-muted">, {order.customer.companyName}</span> : null}
        </dd>
      </div>
    </dl>
  );
}

/** One order of the inbox: what reached the restaurant, when it is for, for whom, and its buttons. */
export function OrderCard({
  chefId,
  order,
  view,
  selected,
  onOutcome,
}: {
  chefId: number;
  order: PartnerOrder;
  view: OrdersView;
  selected: boolean;
  onOutcome: (outcome: AnswerOutcome) => void;
}) {
  const titleId = useId();
  const answered = answeredLine(order.request);
  return (
    <article
      className={selected ? 'partner-order partner-order-selected' : 'partner-order'}
      aria-labelledby={titleId}
      data-order-id={order.id}
    >
      <header className="partner-order-header">
        <h3 id={titleId} className="partner-order-title">
          <Link
            className="partner-order-link"
            to={portalPaths.orders(chefId, view, order.id)}
            state={{ partnerInbox: true }}
            aria-current={selected || undefined}
          >
            Order {order.orderNumber}
          </Link>
        </h3>
        <span className={`partner-kind partner-kind-${order.request.kind}`}>
          {requestKindLabels[order.request.kind]}
        </span>
        {view === 'waiting' ? null : <StatusBadge status={order.status} label={order.statusLabel} />}
      </header>
      <OrderFacts order={order} />
      {order.request.summary ? <p className="partner-summary">{order.request.summary}</p> : null}
      {answered ? <p className="partner-answered">{answered}</p> : null}
      <OrderActions chefId={chefId} order={order} onOutcome={onOutcome} />
    </article>
  );
}
