import { statusLabel } from '@caterway/domain';

/** The status label, or Processing / Processed in green when the server says so (browse-account-orders §4). */
export function OrderStatus({ status, displayStatus }: { status: string; displayStatus: string | null }) {
  if (displayStatus) return <span className="order-status order-status-processing">{displayStatus}</span>;
  return <span className={`order-status order-status-${status.toLowerCase()}`}>{statusLabel(status)}</span>;
}
