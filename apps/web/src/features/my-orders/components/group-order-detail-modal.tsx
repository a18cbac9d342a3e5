import { useState } from 'react';
import { messages, statusLabel } from '@caterway/domain';
import { Button, Modal, ModalActions } from '@caterway/ui';
import { OrderHelp } from '../../../components/support-line';
import { notifyError, notifySuccess } from '../../../stores/notifications';
import { useSessionUser } from '../../../stores/session';
import { useCancelGroupOrder } from '../api/cancel-group-order';
import { useDownloadInvoice } from '../api/download-invoice';
import { useGroupOrderDetail } from '../api/get-group-order-detail';
import { myOrdersMessages, type GroupOrderDetail, type OrderHistoryEntry } from '../api/types';
import { groupOrderActions, groupOrderFacts, groupOrderTotals } from '../group-order-view';
import { RestaurantMessages } from './restaurant-messages';

/**
 * The detail modal of a Group Order (browse-account-orders §2 'Order detail modal', §3 'Group
 * order detail'): GET api/v2/group_orders/{id}/detail; Edit Order (the admin link, on the
 * group-order site in a new tab) and Cancel order while editable; Download PDF once delivered.
 */
export function GroupOrderDetailModal({ entry, onClose }: { entry: OrderHistoryEntry; onClose: () => void }) {
  const detail = useGroupOrderDetail(entry.id);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelGroupOrder();

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
                  notifySuccess('Your group order has been cancelled.');
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

  const title = entry.orderNumber ? `Order #${entry.orderNumber}` : `Group order: ${entry.presetName || entry.name}`;
  return (
    <Modal title={title} onClose={onClose}>
      <div className="order-detail" aria-busy={detail.isPending}>
        {detail.isPending ? (
          <div className="orders-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading order…
          </div>
        ) : detail.isError ? (
          <p className="form-alert" role="alert">
            {messages.genericFailure}
          </p>
        ) : (
          <GroupOrderBody detail={detail.data} entry={entry} onCancel={() => setConfirming(true)} />
        )}
        <OrderHelp orderNumber={entry.orderNumber} />
      </div>
    </Modal>
  );
}

function GroupOrderBody({
  detail,
  entry,
  onCancel,
}: {
  detail: GroupOrderDetail;
  entry: OrderHistoryEntry;
  onCancel: () => void;
}) {
  const user = useSessionUser();
  const download = useDownloadInvoice();
  const actions = groupOrderActions(detail, user?.adminToken ?? null);
  const onDownload = () =>
    download.mutate({ id: detail.id, kind: 'Group Order' }, { onError: () => notifyError(messages.genericFailure) });

  return (
    <div className="order-body">
      <p className="order-detail-status">
        <span className="order-kind">{entry.orderType}</span>
        <span className={`order-status order-status-${detail.status}`}>{statusLabel(detail.status)}</span>
      </p>
      <RestaurantMessages messages={detail.restaurantMessages} />
      <dl className="order-facts">
        {detail.orderNumber ? (
          <div>
            <dt>Order number</dt>
            <dd>{detail.orderNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>Restaurant</dt>
          <dd>{entry.name}</dd>
        </div>
        {groupOrderFacts(detail).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <dl className="order-totals">
        {groupOrderTotals(detail).map((t) => (
          <div key={t.label} className={t.total ? 'order-total' : undefined}>
            <dt>{t.label}</dt>
            <dd>{t.amount}</dd>
          </div>
        ))}
      </dl>
      <div className="order-actions">
        {actions.editHref ? (
          <a className="btn btn-primary" href={actions.editHref} target="_blank" rel="noopener noreferrer">
            Edit Order<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {actions.cancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel order
          </Button>
        ) : null}
        {actions.downloadPdf ? (
          <Button variant="secondary" onClick={onDownload} busy={download.isPending}>
            Download PDF
          </Button>
        ) : null}
      </div>
    </div>
  );
}
