import { useId, useState } from 'react';
import { formatCents } from '@caterway/domain';
import { Button, Modal, ModalActions } from '@caterway/ui';
import { notify, notifySuccess } from '../../../stores/notifications';
import { useAcknowledgeForRestaurant, useEscalations, type OpsEscalation } from '../api/get-escalations';
import { useSendOpsEvent } from '../api/send-ops-event';
import { errorText } from '../api/types';

// The escalation queue (issue 19 part 1): what restaurants left unanswered past their reminder.
// Operations call the restaurant, then accept or decline a new order for it, or acknowledge a
// change, a cancellation or a reconfirmation. Nothing waiting: the panel says so in one line.

const KIND_LABELS: Record<OpsEscalation['kind'], string> = {
  new_order: 'New order',
  add_on: 'Add-on order',
  edit: 'Change',
  cancellation: 'Cancellation',
  reconfirmation: 'Reconfirmation',
};

const since = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

export function EscalationsPanel() {
  const escalations = useEscalations();
  const titleId = useId();
  if (escalations.isPending) return null;
  if (escalations.isError)
    return (
      <p className="form-alert" role="alert">
        The escalation queue could not be loaded: {errorText(escalations.error)}
      </p>
    );
  const list = escalations.data;
  return (
    <section className="ops-escalations" aria-labelledby={titleId}>
      <h2 id={titleId} className="ops-escalations-title">
        Waiting for restaurants{list.length ? ` (${list.length})` : ''}
      </h2>
      {list.length === 0 ? (
        <p className="ops-muted">Every restaurant has answered what reached it.</p>
      ) : (
        <ol className="ops-list">
          {list.map((e) => (
            <li key={e.requestId}>
              <EscalationCard escalation={e} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EscalationCard({ escalation: e }: { escalation: OpsEscalation }) {
  const send = useSendOpsEvent();
  const acknowledge = useAcknowledgeForRestaurant();
  const [declining, setDeclining] = useState(false);
  const toAccept = e.kind === 'new_order' || e.kind === 'add_on';
  const busy = send.isPending || acknowledge.isPending;

  const onError = (error: unknown) => notify({ tone: 'error', title: 'Error', message: errorText(error) });
  const move = (event: 'accept' | 'decline') =>
    send.mutate(
      { id: e.orderId, event },
      {
        onSuccess: (o) => {
          setDeclining(false);
          notifySuccess(`Order ${o.orderNumber}: ${o.statusLabel}.`);
        },
        onError: (error) => {
          setDeclining(false);
          onError(error);
        },
      },
    );

  return (
    <article className="ops-card ops-card-escalated">
      <header className="ops-card-header">
        <h3 className="ops-card-title">
          {KIND_LABELS[e.kind]} · {e.orderNumber}
        </h3>
        <span className="ops-status">{e.restaurant.name}</span>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Delivery</dt>
          <dd>{e.displayDeliveryDateTime}</dd>
        </div>
        <div>
          <dt>Waiting since</dt>
          <dd>{since.format(new Date(e.receivedAt))}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            {e.companyName || 'A customer'} · {e.portions} servings · {formatCents(e.itemsTotalCents)}
          </dd>
        </div>
        <div>
          <dt>Call or write</dt>
          <dd>
            {e.contacts.length
              ? e.contacts.map((c, i) => (
                  <span key={c}>
                    {i > 0 ? ', ' : ''}
                    <a href={`mailto:${c}`}>{c}</a>
                  </span>
                ))
              : 'The restaurant has no team yet.'}
          </dd>
        </div>
      </dl>
      <div className="ops-actions">
        {toAccept ? (
          <>
            <Button
              busy={send.isPending && send.variables?.event === 'accept'}
              disabled={busy}
              onClick={() => move('accept')}
            >
              Accept for the restaurant
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </>
        ) : (
          <Button
            busy={acknowledge.isPending}
            disabled={busy}
            onClick={() =>
              acknowledge.mutate(e, {
                onSuccess: () => notifySuccess(`Order ${e.orderNumber}: acknowledged for ${e.restaurant.name}.`),
                onError,
              })
            }
          >
            Acknowledge for the restaurant
          </Button>
        )}
      </div>
      {declining ? (
        <Modal
          title={`Decline order ${e.orderNumber}?`}
          description="The customer's payment is released and they are emailed, with restaurants that can deliver instead. This cannot be undone."
          onClose={() => setDeclining(false)}
        >
          <ModalActions>
            <Button busy={send.isPending} onClick={() => move('decline')} data-autofocus>
              Yes, decline
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(false)}>
              No, keep it
            </Button>
          </ModalActions>
        </Modal>
      ) : null}
    </article>
  );
}
