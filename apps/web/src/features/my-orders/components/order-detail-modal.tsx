import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { changesLockText, formatCents, messages } from '@caterway/domain';
import { Button, Modal, ModalActions } from '@caterway/ui';
import { OrderHelp } from '../../../components/support-line';
import { TaxAndTipRows } from '../../../components/tax-and-tip-rows';
import { notifyError, notifySuccess } from '../../../stores/notifications';
import { useCancelCateringOrder } from '../api/cancel-catering-order';
import { useCreateAddonOrder } from '../api/create-addon-order';
import { useDownloadInvoice } from '../api/download-invoice';
import { useAddonOrders } from '../api/get-addon-orders';
import { useCateringOrder } from '../api/get-catering-order';
import { myOrdersMessages, type AddonOrder, type CateringOrderDetail, type OrderHistoryEntry } from '../api/types';
import { CreditNotes } from './credit-notes';
import { OrderStatus } from './order-status';
import { RestaurantMessages } from './restaurant-messages';
import { Tabs } from './tabs';

/** Where the modal's buttons lead; the route supplies them from the path registry. */
export interface OrderLinks {
  editOrder: (presetSlug: string, orderId: number) => string;
  addonOrder: (input: { aoId: number; presetId: number; parentId: number }) => string;
  /** /complete-addon-order?orderId=: the order was already delivered, an add-on is too late */
  addonTooLate: (parentId: number) => string;
  /**
   * "Order again" (issue 20 part 3): keeps the order's lines as the preset's cart and answers
   * the page to open, where the customer picks a new date and time
   */
  orderAgain: (order: { presetId: number; presetSlug: string; lines: unknown[] }) => string;
}

/**
 * The order detail modal (browse-account-orders §2 'Order detail modal'): the order's fields,
 * Edit and Cancel only when the server's rule allows (else its message), Download PDF where
 * the order has an invoice, with its credit notes under the buttons (docs/decisions/034), Add
 * Addon Order where add-ons are enabled, and the tabs Original Order / Addon Orders once add-on
 * orders are loaded.
 */
export function OrderDetailModal({
  entry,
  upcoming,
  links,
  onClose,
}: {
  entry: OrderHistoryEntry;
  upcoming: boolean;
  links: OrderLinks;
  onClose: () => void;
}) {
  const detail = useCateringOrder(entry.id);
  const catering = entry.orderType === 'Catering Order';
  const loadAddons = catering && (!upcoming || entry.addonOrdersCount > 0);
  const addons = useAddonOrders(entry.id, loadAddons);
  const [tab, setTab] = useState<'original' | 'addons'>('original');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelCateringOrder();

  if (confirming) {
    return (
      <Modal title="Cancel order" description={myOrdersMessages.cancelConfirm} onClose={() => setConfirming(false)}>
        <ModalActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            NO
          </Button>
          <Button
            data-autofocus
            busy={cancel.isPending}
            onClick={() =>
              cancel.mutate(entry.id, {
                onSuccess: () => {
                  notifySuccess('Your order has been cancelled.');
                  onClose();
                },
                onSettled: () => setConfirming(false),
              })
            }
          >
            YES
          </Button>
        </ModalActions>
      </Modal>
    );
  }

  const order = detail.data;
  const original = order ? (
    <OrderBody
      order={order}
      entry={entry}
      upcoming={upcoming}
      links={links}
      onCancel={() => setConfirming(true)}
      onClose={onClose}
    />
  ) : null;

  return (
    <Modal title={`Order #${entry.orderNumber}`} onClose={onClose}>
      <div className="order-detail" aria-busy={detail.isPending}>
        {detail.isPending ? (
          <div className="orders-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading order…
          </div>
        ) : detail.isError ? (
          <p className="form-alert" role="alert">
            {messages.genericFailure}
          </p>
        ) : loadAddons && addons.isSuccess ? (
          <Tabs
            label="Order parts"
            className="order-detail-tabs"
            items={[
              { key: 'original', label: 'Original Order' },
              { key: 'addons', label: 'Addon Orders' },
            ]}
            selected={tab}
            onSelect={setTab}
          >
            {tab === 'original' ? original : <AddonList addons={addons.data} />}
          </Tabs>
        ) : (
          original
        )}
        <OrderHelp orderNumber={entry.orderNumber} />
      </div>
    </Modal>
  );
}

function OrderBody({
  order,
  entry,
  upcoming,
  links,
  onCancel,
  onClose,
}: {
  order: CateringOrderDetail;
  entry: OrderHistoryEntry;
  upcoming: boolean;
  links: OrderLinks;
  onCancel: () => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const download = useDownloadInvoice();
  const createAddon = useCreateAddonOrder();
  const delivery = order.orderType === 'delivery';
  const lock = changesLockText(new Date(order.orderProcessingAt), order.timeZone, new Date());
  const facts: [string, string][] = [
    ['Restaurant', order.restaurantName],
    ['Menu', order.presetName],
    [delivery ? 'Delivery' : 'Pickup', order.displayDeliveryDateTime],
    [
      'Order placed',
      new Date(entry.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    ],
    ['Contact', `${order.firstName} ${order.lastName}, ${order.phoneNumber}`],
    ...(order.companyName ? ([['Company', order.companyName]] as [string, string][]) : []),
    [delivery ? 'Address' : 'Where', order.displayDeliveryAddress],
    ...(order.moreDetail ? ([['Instructions', order.moreDetail]] as [string, string][]) : []),
    ['Serving style', order.extraInfo.servingStyle],
    ['Cutlery', String(order.extraInfo.numCutlery)],
    // issue 17 part 3: what a corporate buyer filled in, when they did
    ...optionalFacts([
      ['PO number', order.poNumber],
      ['Cost centre', order.costCentre],
      ['On-site contact', [order.onsiteContactName, order.onsiteContactPhone].filter(Boolean).join(', ')],
    ]),
  ];

  const onAddon = () => {
    // the server refuses an add-on to a delivered order (409): say so on its own page instead
    if (order.deliveryInPast) {
      onClose();
      void navigate(links.addonTooLate(order.id));
      return;
    }
    createAddon.mutate(order.id, {
      onSuccess: (created) => {
        onClose();
        void navigate(links.addonOrder({ aoId: created.id, presetId: created.presetId, parentId: order.id }));
      },
      onError: () => notifyError(myOrdersMessages.addonCreateFailed),
    });
  };

  const onDownload = () => download.mutate({ id: order.id }, { onError: () => notifyError(messages.genericFailure) });

  return (
    <div className="order-body">
      <p className="order-detail-status">
        <span className="order-kind">{entry.orderType}</span>
        <OrderStatus status={order.status} displayStatus={order.displayStatus} />
      </p>
      <RestaurantMessages messages={order.restaurantMessages} />
      <dl className="order-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <ItemsTable items={order.purchaseItems} />
      <dl className="order-totals">
        <div>
          <dt>Items total</dt>
          <dd>{formatCents(order.itemsTotal)}</dd>
        </div>
        {delivery ? (
          <div>
            <dt>Delivery fee</dt>
            <dd>{formatCents(order.deliveryFee)}</dd>
          </div>
        ) : null}
        {order.totals.cutleryCents > 0 ? (
          <div>
            <dt>Cutlery, plates and napkins</dt>
            <dd>{formatCents(order.totals.cutleryCents)}</dd>
          </div>
        ) : null}
        <TaxAndTipRows taxLines={order.totals.taxLines} tipCents={order.totals.tipCents} />
        <div className="order-total">
          <dt>Total</dt>
          <dd>{formatCents(order.totalPrice)}</dd>
        </div>
      </dl>

      {upcoming && order.editable && lock ? (
        <p className="order-lock" role="note">
          {lock}
        </p>
      ) : null}
      {upcoming && !order.editable && order.editMessage ? (
        <p className="order-rule-message" role="note">
          {order.editMessage}
        </p>
      ) : null}
      <div className="order-actions">
        {order.editable && order.presetSlug ? (
          <Link className="btn btn-primary" to={links.editOrder(order.presetSlug, order.id)}>
            Edit
          </Link>
        ) : null}
        {order.editable ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {order.invoiceAvailable ? (
          <Button variant="secondary" onClick={onDownload} busy={download.isPending}>
            Download PDF
          </Button>
        ) : null}
        {!upcoming && order.presetId !== null && order.presetSlug && order.parentOrderId === null ? (
          <Button
            variant="secondary"
            onClick={() => {
              const href = links.orderAgain({
                presetId: order.presetId!,
                presetSlug: order.presetSlug!,
                lines: order.presetItems,
              });
              onClose();
              notifySuccess(
                `The items of order ${order.orderNumber} are in your cart. Choose a new date and time, then check out.`,
              );
              void navigate(href);
            }}
          >
            Order again
          </Button>
        ) : null}
        {order.isAddonOrdersEnabled ? (
          <Button variant="secondary" onClick={onAddon} busy={createAddon.isPending}>
            Add Addon Order
          </Button>
        ) : null}
      </div>
      {order.invoiceAvailable ? <CreditNotes orderId={order.id} timeZone={order.timeZone} /> : null}
    </div>
  );
}

const optionalFacts = (facts: [string, string][]) => facts.filter(([, value]) => value !== '');

function ItemsTable({ items }: { items: CateringOrderDetail['purchaseItems'] }) {
  if (items.length === 0) return null;
  return (
    <table className="order-items">
      <caption className="visually-hidden">Items</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={item.modelType === 'MenuItem' ? 'order-item-option' : undefined}>
            <th scope="row">{item.modelType === 'MenuItem' ? `+ ${item.name}` : item.name}</th>
            <td className="num">{item.amount}</td>
            <td className="num">{formatCents(item.subTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddonList({ addons }: { addons: AddonOrder[] }) {
  if (addons.length === 0) return <p className="empty-state">{myOrdersMessages.empty}</p>;
  return (
    <ul className="addon-orders">
      {addons.map((a) => (
        <li key={a.id} className="addon-order">
          <p className="order-detail-status">
            <span className="addon-number">Order #{a.orderNumber}</span>
            <OrderStatus status={a.status} displayStatus={null} />
          </p>
          <ItemsTable items={a.purchaseItems} />
          <dl className="order-totals">
            <div>
              <dt>Items total</dt>
              <dd>{formatCents(a.itemsTotal)}</dd>
            </div>
            <div>
              <dt>Delivery fee</dt>
              <dd>{formatCents(a.deliveryFee)}</dd>
            </div>
            {a.cutleryCents > 0 ? (
              <div>
                <dt>Cutlery, plates and napkins</dt>
                <dd>{formatCents(a.cutleryCents)}</dd>
              </div>
            ) : null}
            <TaxAndTipRows taxLines={a.taxLines} tipCents={a.tipCents} />
            <div className="order-total">
              <dt>Total</dt>
              <dd>{formatCents(a.totalPrice)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
