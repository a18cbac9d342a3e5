import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '@caterway/domain';
import { Button, Modal, ModalActions } from '@caterway/ui';
import { notify, notifySuccess } from '../../../stores/notifications';
import { useOpsOrder } from '../api/get-ops-order';
import { useOpsOrders } from '../api/get-ops-orders';
import { useSendOpsEvent } from '../api/send-ops-event';
import {
  errorText,
  eventLabels,
  needsConfirmation,
  type OpsOrder,
  type OpsOrderEvent,
  type OpsRange,
  type StaffOrderEvent,
} from '../api/types';
import { EscalationsPanel } from './escalations-panel';
import { RestaurantsPanel } from './restaurants-panel';
import './ops.css';

const pad2 = (n: number) => String(n).padStart(2, '0');
/** The browser's calendar day, shifted by `days` (the range inputs' defaults). */
function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** /ops: the operations console (staff only): orders by delivery day, their actions and history. */
export function OpsConsolePage() {
  const [range, setRange] = useState<OpsRange>(() => ({ from: localDay(0), to: localDay(6) }));
  const [draft, setDraft] = useState(range);
  const orders = useOpsOrders(range);
  const fromId = useId();
  const toId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };

  return (
    <section className="container page ops-page" aria-labelledby="ops-title">
      <h1 id="ops-title">Operations console</h1>
      <EscalationsPanel />
      <RestaurantsPanel />
      <h2 className="ops-escalations-title">Orders</h2>
      <form className="ops-range" onSubmit={onSubmit} aria-label="Delivery dates">
        <div className="ops-field">
          <label htmlFor={fromId}>Delivery from</label>
          <input
            id={fromId}
            type="date"
            required
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </div>
        <div className="ops-field">
          <label htmlFor={toId}>Delivery to</label>
          <input
            id={toId}
            type="date"
            required
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <Button type="submit" busy={orders.isFetching}>
          Show orders
        </Button>
      </form>

      {orders.isError ? (
        <p className="form-alert" role="alert">
          {errorText(orders.error)}
        </p>
      ) : orders.isPending ? (
        <div className="ops-loading" role="progressbar" aria-label="Loading orders">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : orders.data.length === 0 ? (
        <div className="empty-state">
          <p>No orders are delivered between these dates.</p>
        </div>
      ) : (
        <>
          <p className="ops-count" aria-live="polite">
            {orders.data.length === 1 ? '1 order' : `${orders.data.length} orders`}
          </p>
          <ol className="ops-list" aria-busy={orders.isFetching}>
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function StatusBadges({ order }: { order: Pick<OpsOrder, 'statusLabel' | 'displayStatus'> }) {
  return (
    <span className="ops-badges">
      <span className="ops-status">{order.statusLabel}</span>
      {order.displayStatus ? <span className="ops-status ops-status-processing">{order.displayStatus}</span> : null}
    </span>
  );
}

function OrderCard({ order }: { order: OpsOrder }) {
  const [showHistory, setShowHistory] = useState(false);
  const [confirming, setConfirming] = useState<StaffOrderEvent | null>(null);
  const send = useSendOpsEvent();
  const historyId = useId();
  const titleId = useId();

  const run = (event: StaffOrderEvent) =>
    send.mutate(
      { id: order.id, event },
      {
        onSuccess: (updated) => {
          setConfirming(null);
          notifySuccess(`Order ${updated.orderNumber}: ${updated.statusLabel}.`);
        },
        onError: (error) => {
          setConfirming(null);
          notify({ tone: 'error', title: 'Error', message: errorText(error) });
        },
      },
    );

  return (
    <article className="ops-card" aria-labelledby={titleId}>
      <header className="ops-card-header">
        <h2 id={titleId} className="ops-card-title">
          {order.orderNumber}
        </h2>
        <StatusBadges order={order} />
      </header>
      {order.attention ? (
        <p className="ops-attention" role="status">
          <strong>Needs attention:</strong> {order.attention.reason}{' '}
          <span className="ops-muted">(since {when.format(new Date(order.attention.since))})</span>
        </p>
      ) : null}
      <dl className="ops-facts">
        <div>
          <dt>{order.orderType === 'pickup' ? 'Pickup' : 'Delivery'}</dt>
          <dd>{order.displayDeliveryDateTime}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {order.customer.name}
            {order.customer.companyName ? `, ${order.customer.companyName}` : ''}
            <br />
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a> · {order.customer.phoneNumber}
          </dd>
        </div>
        {order.onsiteContact ? (
          <div>
            <dt>On-site contact</dt>
            <dd>
              {order.onsiteContact.name} ·{' '}
              <a href={`tel:${order.onsiteContact.phone.replace(/[^\d+]/g, '')}`}>{order.onsiteContact.phone}</a>
            </dd>
          </div>
        ) : null}
        {order.poNumber ? (
          <div>
            <dt>PO number</dt>
            <dd>{order.poNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>Restaurant</dt>
          <dd>
            {order.restaurant.name}
            {order.restaurant.presetName !== order.restaurant.name ? ` (${order.restaurant.presetName})` : ''}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {formatCents(order.totals.totalCents)}
            {order.isEft ? ' · bank debit' : ' · card'} · payment {order.paymentStatus}
            {order.totals.refundedCents > 0 ? ` · refunded ${formatCents(order.totals.refundedCents)}` : ''}
          </dd>
        </div>
      </dl>
      <div className="ops-actions">
        {order.availableEvents.map((event) => (
          <Button
            key={event}
            variant={needsConfirmation(event) ? 'secondary' : 'primary'}
            busy={send.isPending && send.variables?.event === event}
            disabled={send.isPending}
            onClick={() => (needsConfirmation(event) ? setConfirming(event) : run(event))}
          >
            {eventLabels[event]}
          </Button>
        ))}
        <Button
          variant="ghost"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((s) => !s)}
        >
          {showHistory ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      <div id={historyId} hidden={!showHistory}>
        {showHistory ? <History id={order.id} /> : null}
      </div>

      {confirming ? (
        <Modal
          title={
            confirming === 'decline' ? `Decline order ${order.orderNumber}?` : `Cancel order ${order.orderNumber}?`
          }
          description="The customer's payment is released (or refunded) and they are emailed. This cannot be undone."
          onClose={() => setConfirming(null)}
        >
          <ModalActions>
            <Button busy={send.isPending} onClick={() => run(confirming)} data-autofocus>
              {confirming === 'decline' ? 'Yes, decline' : 'Yes, cancel order'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              No, keep it
            </Button>
          </ModalActions>
        </Modal>
      ) : null}
    </article>
  );
}

const when = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

const ACTORS: Record<OpsOrderEvent['actorKind'], string> = {
  customer: 'Customer',
  staff: 'Staff',
  restaurant: 'Restaurant',
  system: 'System',
};

function who(e: OpsOrderEvent): string {
  if (e.actorKind === 'system') return 'System';
  return `${ACTORS[e.actorKind]}${e.actorEmail ? ` ${e.actorEmail}` : ''}`;
}

function History({ id }: { id: number }) {
  const detail = useOpsOrder(id, true);
  if (detail.isPending) return <p className="ops-muted">Loading history…</p>;
  if (detail.isError) return <p role="alert">{errorText(detail.error)}</p>;
  return (
    <section className="ops-history" aria-label={`History of order ${detail.data.orderNumber}`}>
      <h3>History</h3>
      <ol>
        {detail.data.events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.createdAt}>{when.format(new Date(e.createdAt))}</time> · <span>{who(e)}</span> ·{' '}
            <strong>{e.event.replace(/_/g, ' ')}</strong>
            {e.fromStatus !== e.toStatus ? ` (${e.fromStatus} → ${e.toStatus})` : ''}
            {e.note ? <span className="ops-muted"> · {e.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
