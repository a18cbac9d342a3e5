import { useEffect, useState } from 'react';
import { changesLockText, formatCents, messages } from '@caterway/domain';
import { OrderHelp } from '../../../components/support-line';
import { notifyError } from '../../../stores/notifications';
import { useOrderHistory } from '../api/get-order-history';
import { myOrdersMessages, type OrderHistoryEntry } from '../api/types';
import { GroupOrderDetailModal } from './group-order-detail-modal';
import { OrderDetailModal, type OrderLinks } from './order-detail-modal';
import { OrderStatus } from './order-status';
import { Tabs } from './tabs';
import './my-orders.css';

type Tab = 'upcoming' | 'past';

/** /my-orders (browse-account-orders §2 'My Orders page'): tabs UPCOMING and PAST, cards, the detail modal. */
export function MyOrdersPage({ links }: { links: OrderLinks }) {
  const history = useOrderHistory();
  const [tab, setTab] = useState<Tab>('upcoming');
  const [open, setOpen] = useState<{ entry: OrderHistoryEntry; tab: Tab } | null>(null);

  // §8: an order history load failure says the generic 'Sorry, we are not able...'
  useEffect(() => {
    if (history.isError) notifyError(messages.genericFailure);
  }, [history.isError, history.errorUpdatedAt]);

  const list = history.data?.[tab] ?? [];

  return (
    <section className="page my-orders-page" aria-labelledby="my-orders-title">
      <h1 id="my-orders-title">My Orders</h1>
      <Tabs
        label="Orders"
        items={[
          { key: 'upcoming', label: 'UPCOMING' },
          { key: 'past', label: 'PAST' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {history.isPending ? (
          <div className="orders-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading orders…
          </div>
        ) : history.isError ? (
          <div className="empty-state">
            <p>{messages.genericFailure}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void history.refetch()}>
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="empty-state">{myOrdersMessages.empty}</p>
        ) : (
          <ul className="order-cards" aria-busy={history.isFetching}>
            {list.map((entry) => (
              <li key={`${entry.orderType}-${entry.id}`}>
                <OrderCard entry={entry} onOpen={() => setOpen({ entry, tab })} />
                <OrderHelp orderNumber={entry.orderNumber} />
              </li>
            ))}
          </ul>
        )}
      </Tabs>
      {open?.entry.orderType === 'Group Order' ? (
        <GroupOrderDetailModal entry={open.entry} onClose={() => setOpen(null)} />
      ) : open ? (
        <OrderDetailModal
          entry={open.entry}
          upcoming={open.tab === 'upcoming'}
          links={links}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

function OrderCard({ entry, onOpen }: { entry: OrderHistoryEntry; onOpen: () => void }) {
  const lock = entry.editable ? changesLockText(new Date(entry.orderProcessingAt), entry.timeZone, new Date()) : null;
  return (
    <button type="button" className="order-card" onClick={onOpen} aria-haspopup="dialog">
      <span className="order-card-top">
        <span className="order-kind">{entry.orderType}</span>
        <OrderStatus status={entry.status} displayStatus={entry.displayStatus} />
      </span>
      <span className="order-card-name">{entry.name}</span>
      <span className="order-card-preset">{entry.presetName}</span>
      <span className="order-card-when">{entry.displayDeliveryDateTime}</span>
      {lock ? <span className="order-card-lock">{lock}</span> : null}
      <span className="order-card-bottom">
        {/* a group order has its number once the cut-off made its combined order */}
        <span className="order-card-number">{entry.orderNumber ? `Order #${entry.orderNumber}` : ''}</span>
        <span className="order-card-total">{formatCents(entry.totalAmount)}</span>
      </span>
    </button>
  );
}
