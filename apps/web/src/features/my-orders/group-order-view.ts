import { formatCents } from '@caterway/domain';
import { withAdminToken } from '../../lib/group-orders-site';
import type { GroupOrderDetail } from './api/types';

// What the detail modal of a Group Order shows (browse-account-orders §2 'Order detail modal',
// §3 'Group order detail'): kept pure so the rules are unit-tested.

/** The facts in the spec's order; empty optional ones are left out. */
export function groupOrderFacts(detail: GroupOrderDetail): [string, string][] {
  const facts: [string, string][] = [
    ['Delivery', detail.displayDeliveryDateTime],
    ['Company', detail.companyName],
    ['Address', detail.displayDeliveryAddress],
    ['Contact', detail.deliveryContactPerson],
    ['Phone', detail.deliveryPhoneNumber],
    ['Head count', String(detail.headCount)],
    ['Instructions', detail.deliveryInstruction],
    // issue 17 part 3: what the creator quoted for their accounts
    ['PO number', detail.poNumber],
    ['Cost centre', detail.costCentre],
  ];
  return facts.filter(([, v]) => v !== '');
}

/** Subtotal, delivery fee, tax under its label ('HST 13%' by default), total. */
export function groupOrderTotals(detail: GroupOrderDetail): { label: string; amount: string; total?: true }[] {
  return [
    { label: 'Subtotal', amount: formatCents(detail.subTotalCents) },
    { label: 'Delivery fee', amount: formatCents(detail.deliveryFeeCents) },
    { label: detail.taxLabel, amount: formatCents(detail.taxTotal) },
    { label: 'Total', amount: formatCents(detail.totalOrderAmount), total: true },
  ];
}

export interface GroupOrderActions {
  /** Edit Order: the admin link on the group-order site (new tab), with the admin token */
  editHref: string | null;
  cancel: boolean;
  downloadPdf: boolean;
}

/** Edit Order and Cancel order only when editable (§6); Download PDF once the invoice exists. */
export function groupOrderActions(detail: GroupOrderDetail, adminToken: string | null): GroupOrderActions {
  return {
    editHref: detail.editable && detail.adminLink ? withAdminToken(detail.adminLink, adminToken) : null,
    cancel: detail.editable,
    downloadPdf: detail.invoiceAvailable,
  };
}
