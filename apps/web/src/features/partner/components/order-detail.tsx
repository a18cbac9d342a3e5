import { useEffect, useRef, useState } from 'react';
import { declineReasons } from '@caterway/contracts';
import { Button, Loading, StatusBadge } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { useOrder } from '../api/orders';
import { useLabels, useTicket } from '../api/settings';
import { useOrderMessages } from '../api/sold-out';
import { answerLabels, requestKindLabels, type PartnerOrderDetail, type PartnerRequest } from '../api/types';
import { MessageDialog } from './message-dialog';
import { OrderActions, type AnswerOutcome } from './order-actions';
import { OrderFacts } from './order-card';
import { CloseButton, errorMessages } from './portal-common';

const formats = new Map<string, Intl.DateTimeFormat>();
/** An instant as the restaurant reads it, in its own time zone. */
function inZone(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * An order as the kitchen needs it: the items with their options, where and when it goes, who
 * receives it, and everything that reached the restaurant about it. In the wide screen's side
 * panel (`variant` 'panel': its own heading, which takes the focus, and a Close button) or in a
 * dialog on a phone ('dialog': the dialog carries the title and the close button).
 */
export function OrderDetail({
  chefId,
  orderId,
  variant,
  onClose,
  onOutcome,
}: {
  chefId: number;
  orderId: number;
  variant: 'panel' | 'dialog';
  onClose: () => void;
  onOutcome: (outcome: AnswerOutcome) => void;
}) {
  const order = useOrder(chefId, orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order.isSuccess;

  // the panel's heading takes the focus when an order opens (the dialog focuses itself)
  useEffect(() => {
    if (variant === 'panel' && loaded) heading.current?.focus({ preventScroll: true });
  }, [variant, loaded, orderId]);

  if (order.isPending) return <Loading label="Loading the order…" />;
  if (order.isError) {
    const notFound = isApiError(order.error) && order.error.status === 404;
    return (
      <div className="partner-detail-error" role="alert">
        <p>{notFound ? 'This order is not in this restaurant’s inbox.' : errorMessages(order.error).join(' ')}</p>
        <div className="partner-actions">
          {notFound ? null : <Button onClick={() => void order.refetch()}>Try again</Button>}
          {variant === 'panel' ? (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  const o = order.data;
  return (
    <div className="partner-detail">
      {variant === 'panel' ? (
        <div className="partner-detail-header">
          <h2 ref={heading} tabIndex={-1}>
            Order {o.orderNumber}
          </h2>
          <CloseButton label="Close the order" onClick={onClose} />
        </div>
      ) : null}
      <p className="partner-badges">
        <span className={`partner-kind partner-kind-${o.request.kind}`}>{requestKindLabels[o.request.kind]}</span>
        <StatusBadge status={o.status} label={o.statusLabel} />
      </p>
      <OrderFacts order={o} />
      {o.request.summary ? <p className="partner-summary">{o.request.summary}</p> : null}
      <OrderActions
        chefId={chefId}
        order={o}
        onOutcome={(outcome) => {
          // the buttons are gone once answered: the focus goes to the order's heading
          if (outcome.kind === 'answered') requestAnimationFrame(() => heading.current?.focus({ preventScroll: true }));
          onOutcome(outcome);
        }}
      />
      <TicketButton chefId={chefId} orderId={o.id} orderNumber={o.orderNumber} groupOrder={o.groupOrder} />
      <DetailSections order={o} />
      <OrderMessages chefId={chefId} order={o} />
    </div>
  );
}

/**
 * What the restaurant told the customer about the order (decision 053: a substitute for a sold-out
 * dish, a note), and Message customer.
 */
function OrderMessages({ chefId, order }: { chefId: number; order: PartnerOrderDetail }) {
  const list = useOrderMessages(chefId, order.id);
  const [writing, setWriting] = useState(false);
  return (
    <section className="partner-detail-section" aria-labelledby={`partner-messages-${order.id}`}>
      <h3 id={`partner-messages-${order.id}`}>Messages to the customer</h3>
      {list.isPending ? (
        <Loading label="Loading the messages…" />
      ) : list.isError ? (
        <p role="alert">{errorMessages(list.error).join(' ')}</p>
      ) : list.data.length === 0 ? (
        <p className="partner-muted">None yet.</p>
      ) : (
        <ul className="partner-messages">
          {list.data.map((m) => (
            <li key={m.id}>
              <p className="partner-muted">
                {inZone(m.createdAt, order.timeZone)} · {m.kind === 'substitute' ? 'Substitute proposed' : 'Note'}
                {m.subject ? ` · ${m.subject}` : ''}
                {m.authorName ? ` · by ${m.authorName}` : ''}
              </p>
              <p>{m.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setWriting(true)}>
        Message customer
      </Button>
      {writing ? (
        <MessageDialog
          chefId={chefId}
          to={{ kind: 'order', orderId: order.id }}
          recipient={`${order.contact.name}, order ${order.orderNumber}`}
          onClose={() => setWriting(false)}
        />
      ) : null}
    </section>
  );
}

/** The order's kitchen ticket as PDF, to print by the pass. */
function TicketButton({
  chefId,
  orderId,
  orderNumber,
  groupOrder,
}: {
  chefId: number;
  orderId: number;
  orderNumber: string;
  /** a group order's: its meal labels print too, one per person */
  groupOrder: boolean;
}) {
  const ticket = useTicket(chefId);
  const labels = useLabels(chefId);
  const failed = ticket.error ?? labels.error;
  return (
    <p className="partner-ticket">
      <Button variant="secondary" busy={ticket.isPending} onClick={() => ticket.mutate({ orderId, orderNumber })}>
        Kitchen ticket (PDF)
      </Button>
      {groupOrder ? (
        <Button variant="secondary" busy={labels.isPending} onClick={() => labels.mutate({ orderId, orderNumber })}>
          Meal labels (PDF)
        </Button>
      ) : null}
      {failed ? (
        <span role="alert" className="field-error">
          {errorMessages(failed).join(' ')}
        </span>
      ) : null}
    </p>
  );
}

function DetailSections({ order: o }: { order: PartnerOrderDetail }) {
  return (
    <>
      <section className="partner-detail-section">
        <h3>Items</h3>
        <ul className="partner-items">
          {o.items.map((item, i) => (
            <li key={`${item.name}-${i}`}>
              <span className="partner-item-line">
                <span className="partner-qty">{item.quantity} ×</span> {item.name}
              </span>
              {item.options.length > 0 ? (
                <ul className="partner-options">
                  {item.options.map((option, j) => (
                    <li key={`${option.name}-${j}`}>
                      {option.quantity} × {option.name}
                    </li>
                  ))}
                </ul>
              ) : null}
              {item.note ? <p className="partner-note">“{item.note}”</p> : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="partner-detail-section">
        <h3>{o.orderType === 'pickup' ? 'Pickup' : 'Delivery'}</h3>
        <dl className="partner-facts partner-facts-stacked">
          {o.orderType === 'pickup' ? null : (
            <div>
              <dt>Address</dt>
              <dd>{o.deliveryAddress}</dd>
            </div>
          )}
          <div>
            <dt>Instructions</dt>
            <dd>{o.deliveryInstructions || <span className="partner-muted">None</span>}</dd>
          </div>
          <div>
            <dt>Serving style</dt>
            <dd>{o.servingStyle || <span className="partner-muted">Not given</span>}</dd>
          </div>
          <div>
            <dt>Cutlery</dt>
            <dd>{o.cutlery > 0 ? `${o.cutlery} sets` : 'None'}</dd>
          </div>
          <div>
            <dt>Contact</dt>
            <dd>
              {o.contact.name}
              {o.contact.phone ? (
                <>
                  {' · '}
                  <a href={`tel:${o.contact.phone.replace(/[^\d+]/g, '')}`}>{o.contact.phone}</a>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </section>
      <section className="partner-detail-section">
        <h3>History</h3>
        <ol className="partner-history">
          {o.requests.map((request) => (
            <HistoryEntry key={request.id} request={request} timeZone={o.timeZone} />
          ))}
        </ol>
      </section>
    </>
  );
}

function HistoryEntry({ request, timeZone }: { request: PartnerRequest; timeZone: string }) {
  return (
    <li>
      <p className="partner-history-what">
        <strong>{requestKindLabels[request.kind]}</strong>{' '}
        <time dateTime={request.receivedAt} className="partner-muted">
          {inZone(request.receivedAt, timeZone)}
        </time>
      </p>
      {request.summary ? <p>{request.summary}</p> : null}
      <p className="partner-muted">
        {request.answer ? (
          <>
            {answerLabels[request.answer]}
            {request.answeredBy ? ` by ${request.answeredBy}` : ''}
            {request.answeredAt ? `, ${inZone(request.answeredAt, timeZone)}` : ''}
          </>
        ) : (
          'Waiting for your answer'
        )}
      </p>
      {request.declineReason ? (
        <p>
          {request.declineReason === 'no_answer'
            ? 'Declined automatically: nobody answered in time.'
            : `Reason: ${declineReasons[request.declineReason]}`}
          {request.declineNote ? ` · “${request.declineNote}”` : ''}
        </p>
      ) : null}
    </li>
  );
}
