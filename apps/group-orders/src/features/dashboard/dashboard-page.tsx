import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { DashboardGroupOrder } from '@caterway/contracts';
import { formatCents } from '@caterway/domain';
import {
  clockOffset,
  ConfirmDialog,
  CopyLink,
  Countdown,
  ErrorList,
  LoadError,
  Loading,
  StatusBadge,
  useDocumentTitle,
} from '@caterway/ui';
import { useCancelGroupOrder, useDashboard, useRetryPayment, useSendReminder } from '../../api/group-orders';
import { describeLoadError, errorMessage } from '../../lib/api';
import { SITE_NAME } from '../../lib/site';
import { formatInstant } from '../../lib/time';

/** /grouporder-dashboard/{creatorId}: every group order of the creator, refreshed as members choose. */
export function DashboardPage() {
  const { creatorId = '' } = useParams();
  useDocumentTitle('Group order dashboard', SITE_NAME);
  const id = /^\d{1,15}$/.test(creatorId) ? Number(creatorId) : 0;
  const query = useDashboard(id);
  if (query.isPending) return <Loading label="Loading your group orders…" />;
  if (query.isError) {
    return (
      <LoadError
        describe={describeLoadError}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={
          <>
            <h1>Dashboard not available</h1>
            <p>
              Only the person who created these group orders can open this dashboard. Sign in on Caterway with that
              account and open the Group Order Dashboard from your account menu.
            </p>
            <p>
              <a href="/">Go to Caterway</a>
            </p>
          </>
        }
      />
    );
  }
  const offset = clockOffset(query.data.server_now, query.data.receivedAt);
  const orders = query.data.group_orders;
  return (
    <div className="dashboard">
      <div className="page-head">
        <h1>Your group orders</h1>
        <p className="muted" aria-live="off">
          Updates every few seconds.
        </p>
      </div>
      {orders.length === 0 ? (
        <section className="panel state-panel">
          <h2>No group orders yet</h2>
          <p>
            Start one from a restaurant or preset with one chef on Caterway: choose Create Group Order, then share the
            link with your team.
          </p>
          <p>
            <a className="btn" href="/">
              Browse restaurants
            </a>
          </p>
        </section>
      ) : (
        <ul className="order-list">
          {orders.map((go) => (
            <li key={go.uuid}>
              <GroupOrderCard groupOrder={go} offset={offset} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GroupOrderCard({ groupOrder: go, offset }: { groupOrder: DashboardGroupOrder; offset: number }) {
  const reminder = useSendReminder();
  const cancel = useCancelGroupOrder();
  const payment = useRetryPayment();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const headingId = `go-${go.uuid}`;
  const waiting = go.members.filter((m) => m.choice === null).length;
  // picks the restaurant 86'd since they were made (decision 053; flagged only while ordering is open)
  const soldOutPicks = go.members.filter((m) => m.choice?.sold_out).length;

  const sendReminder = () => {
    setErrors([]);
    reminder.mutate(go.uuid, {
      onSuccess: ({ sent }) =>
        setNotice(
          sent === 0
            ? 'Everyone who joined has chosen: no reminder needed.'
            : `Reminder sent to ${sent} ${sent === 1 ? 'member' : 'members'}.`,
        ),
      onError: (e) => setErrors([errorMessage(e)]),
    });
  };
  const retryPayment = () => {
    setErrors([]);
    payment.mutate(go.uuid, {
      onSuccess: (after) =>
        setNotice(after.payment_required ? '' : 'Payment authorised: the order goes to the restaurant.'),
      onError: (e) => setErrors([errorMessage(e)]),
    });
  };
  const confirmCancel = () => {
    setErrors([]);
    cancel.mutate(go.uuid, {
      onSuccess: () => {
        setConfirming(false);
        setNotice('The group order was cancelled.');
      },
      onError: (e) => {
        setConfirming(false);
        setErrors([errorMessage(e)]);
      },
    });
  };

  return (
    <article className="panel order-card" aria-labelledby={headingId}>
      <header className="order-card-head">
        <div>
          <h2 id={headingId}>{go.name || `Group order from ${go.chef_name}`}</h2>
          <p className="muted">
            {go.chef_name}
            {go.order_number ? ` · Order ${go.order_number}` : ''}
          </p>
        </div>
        <StatusBadge status={go.status} label={go.status_label} />
      </header>

      <dl className="facts">
        <div>
          <dt>Ordering closes</dt>
          <dd>
            {formatInstant(go.cutoff_at, go.time_zone)}
            {go.ordering_open ? (
              <>
                <br />
                <Countdown cutoffAt={go.cutoff_at} offset={offset} />
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{formatInstant(go.delivery_at, go.time_zone)}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd data-testid="joined">
            {go.joined_count} of {go.head_count}
          </dd>
        </div>
        <div>
          <dt>Per-person budget</dt>
          <dd>{formatCents(go.budget_cents)}</dd>
        </div>
      </dl>

      {go.ordering_open ? (
        <CopyLink url={go.share_url} label={`Share link for ${go.name || 'this group order'}`} />
      ) : null}

      <section aria-label="Members' picks">
        <h3>Members&apos; picks</h3>
        {go.members.length === 0 ? (
          <p className="muted">Nobody has joined yet.</p>
        ) : (
          <>
            {soldOutPicks > 0 ? (
              <p className="alert alert-warning">
                {soldOutPicks === 1 ? "1 member's meal is" : `${soldOutPicks} members' meals are`} sold out: ask them to
                choose another before ordering closes.
              </p>
            ) : null}
            <table className="members">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Dietary needs</th>
                  <th scope="col">Meal</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {go.members.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">{m.name}</th>
                    <td>{m.dietary_needs || '—'}</td>
                    <td>
                      {m.choice ? m.choice.menu_name : <span className="muted">Not chosen yet</span>}
                      {m.choice?.sold_out ? (
                        <>
                          {' '}
                          <span className="sold-out-label">{m.choice.sold_out_label ?? 'Sold out'}</span>
                        </>
                      ) : null}
                    </td>
                    <td className="num">{m.choice ? formatCents(m.choice.price_cents) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>

      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(go.totals.subtotal_cents)}</dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>{formatCents(go.totals.delivery_fee_cents)}</dd>
        </div>
        <div>
          <dt>{go.totals.tax_label}</dt>
          <dd>{formatCents(go.totals.tax_cents)}</dd>
        </div>
        <div className="total">
          <dt>Total</dt>
          <dd>{formatCents(go.totals.total_cents)}</dd>
        </div>
      </dl>

      {go.payment_required ? (
        <div className="alert alert-error" role="alert">
          <p>
            <strong>Payment needed.</strong>{' '}
            {go.payment_error ?? 'The card on file could not be charged for this order.'} Add or choose a default card
            under Payment Methods on Caterway, then try again.
          </p>
          <button
            type="button"
            className="btn"
            onClick={retryPayment}
            disabled={payment.isPending}
            aria-busy={payment.isPending || undefined}
          >
            {payment.isPending ? 'Trying…' : 'Try payment again'}
          </button>
        </div>
      ) : null}

      <ErrorList messages={errors} />
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>

      {go.editable || go.ordering_open ? (
        <div className="actions">
          {go.editable ? (
            <Link className="btn btn-ghost" to={`/group-orders/${go.uuid}`}>
              Edit details<span className="visually-hidden"> of {go.name || 'this group order'}</span>
            </Link>
          ) : null}
          {go.ordering_open ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={sendReminder}
              disabled={reminder.isPending || waiting === 0}
              title={waiting === 0 ? 'Everyone who joined has chosen' : undefined}
            >
              {reminder.isPending ? 'Sending…' : 'Send reminder'}
            </button>
          ) : null}
          {go.editable ? (
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              Cancel group order
            </button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        cancelLabel="Keep it"
        tone="danger"
        initialFocus="cancel"
        title="Cancel this group order?"
        message={`${go.name || 'This group order'} will be cancelled and its share link will stop taking orders. This cannot be undone.`}
        confirmLabel={cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
