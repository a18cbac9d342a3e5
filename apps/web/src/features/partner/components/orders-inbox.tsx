import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Loading, Modal } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { useInboxEvents } from '../api/inbox-events';
import { useOrder, useOrders } from '../api/orders';
import { usePrepList } from '../api/settings';
import type { OrdersView } from '../api/types';
import { portalPaths } from '../portal-paths';
import type { AnswerOutcome } from './order-actions';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import { errorMessages, usePortalTitle } from './portal-common';
import { useMediaQuery } from './use-media-query';

const views: { view: OrdersView; label: string }[] = [
  { view: 'waiting', label: 'Waiting for you' },
  { view: 'upcoming', label: 'Upcoming' },
  { view: 'past', label: 'Past' },
];

const emptyText: Record<OrdersView, string> = {
  waiting:
    'Nothing is waiting for you. New orders, add-ons, edits and cancellations show here; this page checks for them every 30 seconds.',
  upcoming: 'No accepted order is coming up.',
  past: 'No past orders yet.',
};

/** The side panel's width: from here the detail sits beside the list; below, a dialog over it. */
const WIDE = '(min-width: 1024px)';

const parseView = (value: string | null): OrdersView => (value === 'upcoming' || value === 'past' ? value : 'waiting');
const parseId = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

type Notice = { tone: 'changed' | 'failed'; orderNumber: string; messages: string[] };

const clock = new Intl.DateTimeFormat('en-CA', { timeStyle: 'short' });

/**
 * /partner/:chefId/orders: the orders inbox. Three tabs (the `view` in the address), the orders
 * of the one shown, polled (api/orders.ts); `order` in the address opens one order's detail.
 * The tab's title counts the orders waiting, from the waiting list, which is polled on every tab.
 */
export function OrdersInbox({ chefId }: { chefId: number }) {
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'));
  const orderId = parseId(params.get('order'));
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useMediaQuery(WIDE);
  const waiting = useOrders(chefId, 'waiting');
  const list = useOrders(chefId, view);
  const [notice, setNotice] = useState<Notice | null>(null);
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;
  const tabId = (v: OrdersView) => `${tabsId}-${v}`;
  const panel = useRef<HTMLDivElement>(null);
  const tabs = useRef<Partial<Record<OrdersView, HTMLButtonElement | null>>>({});

  // the newest answer's count (each list answers it)
  const counts = [waiting, list].filter((q) => q.data).sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  // the live stream refreshes the lists on every change and chimes for new requests (the 30 s
  // poll stays as the fallback)
  useInboxEvents(chefId);
  const waitingCount = counts[0]?.data?.waitingCount ?? 0;
  usePortalTitle(waitingCount > 0 ? `(${waitingCount}) Orders` : 'Orders');

  const select = (next: OrdersView) => {
    setNotice(null);
    // a tab shows its own orders: an open order closes
    void navigate(portalPaths.orders(chefId, next), { replace: true });
  };

  const onTabKey = (event: KeyboardEvent) => {
    const at = views.findIndex((v) => v.view === view);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % views.length
        : event.key === 'ArrowLeft'
          ? (at + views.length - 1) % views.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? views.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    const next = views[to]!.view;
    select(next);
    tabs.current[next]?.focus();
  };

  // Closing the detail goes back when the inbox opened it (the phone's back button does the same).
  const closeDetail = () => {
    const openedHere = (location.state as { partnerInbox?: boolean } | null)?.partnerInbox === true;
    if (openedHere) void navigate(-1);
    else
      setParams(
        (p) => {
          p.delete('order');
          return p;
        },
        { replace: true },
      );
  };

  // Once an order closes, the focus goes back to its card; to the first one if it left the list
  // (answered in the dialog). The dialog gives it back itself when it can.
  const shownOrder = useRef<number | null>(orderId);
  useEffect(() => {
    const before = shownOrder.current;
    shownOrder.current = orderId;
    if (before === null || orderId !== null) return;
    const active = document.activeElement;
    if (!wide && active && active !== document.body && active.isConnected) return;
    const node = panel.current;
    (
      node?.querySelector<HTMLElement>(`[data-order-id="${before}"] .partner-order-link`) ??
      node?.querySelector<HTMLElement>('.partner-order-link') ??
      node
    )?.focus();
  }, [orderId, wide]);

  const onOutcome = (outcome: AnswerOutcome, index: number | null) => {
    if (outcome.kind !== 'answered') {
      setNotice({ tone: outcome.kind, orderNumber: outcome.orderNumber, messages: outcome.messages });
      return;
    }
    setNotice(null);
    // the answered card may have left the list: the focus goes to the one now in its place
    requestAnimationFrame(() => {
      const node = panel.current;
      const active = document.activeElement;
      if (!node || (active && active !== document.body && active.isConnected)) return;
      const links = node.querySelectorAll<HTMLElement>('.partner-order-link');
      (links[Math.min(index ?? 0, links.length - 1)] ?? node).focus();
    });
  };

  const updatedAt = waiting.dataUpdatedAt;
  return (
    <section className="container page partner-page partner-inbox" aria-labelledby={`${tabsId}-title`}>
      <div className="partner-heading">
        <h1 id={`${tabsId}-title`}>Orders</h1>
        <p className="partner-updated">{updatedAt ? `Checked at ${clock.format(updatedAt)}` : ' '}</p>
      </div>
      <PrepList chefId={chefId} />

      <div role="tablist" aria-label="Orders" className="partner-tabs">
        {views.map(({ view: v, label }) => (
          <button
            key={v}
            ref={(el) => {
              tabs.current[v] = el;
            }}
            type="button"
            role="tab"
            id={tabId(v)}
            aria-selected={v === view}
            aria-controls={panelId}
            tabIndex={v === view ? 0 : -1}
            className="partner-tab"
            onClick={() => select(v)}
            onKeyDown={onTabKey}
          >
            {label}
            {v === 'waiting' && waitingCount > 0 ? <span className="partner-count">{waitingCount}</span> : null}
          </button>
        ))}
      </div>

      {notice ? (
        <div className={`partner-notice partner-notice-${notice.tone}`} role="alert">
          <p className="partner-notice-title">
            {notice.tone === 'changed'
              ? `Order ${notice.orderNumber} changed before your answer reached us`
              : `Your answer to order ${notice.orderNumber} was not sent`}
          </p>
          <p>
            {notice.messages.join(' ')}{' '}
            {notice.tone === 'changed'
              ? 'The list now shows it as it is: check it, then answer again if it still waits.'
              : ''}
          </p>
          <Button variant="ghost" onClick={() => setNotice(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}

      <div className={wide ? 'partner-inbox-body partner-inbox-wide' : 'partner-inbox-body'}>
        <div
          ref={panel}
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(view)}
          aria-busy={list.isFetching || undefined}
          tabIndex={-1}
          className="partner-tabpanel"
        >
          {list.isPending ? (
            <Loading label="Loading orders…" />
          ) : list.isError ? (
            <div className="partner-list-error" role="alert">
              <p>
                {isApiError(list.error) && list.error.status === 404
                  ? 'This restaurant’s orders cannot be shown right now.'
                  : errorMessages(list.error).join(' ')}
              </p>
              <Button onClick={() => void list.refetch()}>Try again</Button>
            </div>
          ) : list.data.orders.length === 0 ? (
            <p className="empty-state partner-empty-list">{emptyText[view]}</p>
          ) : (
            <ol className="partner-orders">
              {list.data.orders.map((order, index) => (
                <li key={order.id}>
                  <OrderCard
                    chefId={chefId}
                    order={order}
                    view={view}
                    selected={order.id === orderId}
                    onOutcome={(outcome) => onOutcome(outcome, index)}
                  />
                </li>
              ))}
            </ol>
          )}
        </div>

        {wide ? (
          <aside className="partner-detail-panel" aria-label="Order detail">
            {orderId ? (
              <OrderDetail
                key={orderId}
                chefId={chefId}
                orderId={orderId}
                variant="panel"
                onClose={closeDetail}
                onOutcome={(outcome) => onOutcome(outcome, null)}
              />
            ) : (
              <p className="partner-detail-hint">Choose an order to see its items, delivery details and history.</p>
            )}
          </aside>
        ) : orderId ? (
          <OrderDialog chefId={chefId} orderId={orderId} onClose={closeDetail} onOutcome={(o) => onOutcome(o, null)} />
        ) : null}
      </div>
    </section>
  );
}

/**
 * On a phone or a narrow tablet: the order over the list, which keeps its place underneath.
 * Once answered it closes: the list shows what is left to do.
 */
function OrderDialog({
  chefId,
  orderId,
  onClose,
  onOutcome,
}: {
  chefId: number;
  orderId: number;
  onClose: () => void;
  onOutcome: (outcome: AnswerOutcome) => void;
}) {
  const order = useOrder(chefId, orderId);
  return (
    <Modal title={order.data ? `Order ${order.data.orderNumber}` : 'Order'} onClose={onClose} size="wider">
      <OrderDetail
        chefId={chefId}
        orderId={orderId}
        variant="dialog"
        onClose={onClose}
        onOutcome={(outcome) => {
          // answered (or refused): back to the list, which says so
          onClose();
          onOutcome(outcome);
        }}
      />
    </Modal>
  );
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A day's prep list as PDF: every accepted order of that day, its dishes added up (today by default). */
function PrepList({ chefId }: { chefId: number }) {
  const [date, setDate] = useState(() => isoDay(new Date()));
  const prep = usePrepList(chefId);
  const id = useId();
  return (
    <form
      className="partner-prep"
      onSubmit={(e) => {
        e.preventDefault();
        if (date) prep.mutate(date);
      }}
    >
      <label htmlFor={id}>Prep list for</label>
      <input id={id} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
      <Button type="submit" variant="secondary" busy={prep.isPending}>
        Download (PDF)
      </Button>
      {prep.isError ? (
        <span role="alert" className="field-error">
          {errorMessages(prep.error).join(' ')}
        </span>
      ) : null}
    </form>
  );
}
