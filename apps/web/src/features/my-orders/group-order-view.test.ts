import { describe, expect, it } from 'vitest';
import type { GroupOrderDetail } from './api/types';
import { groupOrderActions, groupOrderFacts, groupOrderTotals } from './group-order-view';

const detail: GroupOrderDetail = {
  id: 12,
  uuid: '5b0c2f9e-1d1a-4c1e-9d4b-0e1f2a3b4c5d',
  creatorId: 3,
  companyName: 'Northwind Consulting',
  poNumber: '',
  costCentre: '',
  displayDeliveryAddress: 'Suite 500, 100 King St W, Toronto',
  deliveryContactPerson: 'Dana Morgan',
  deliveryPhoneNumber: '416-555-0101',
  headCount: 12,
  deliveryInstruction: '',
  subTotalCents: 4500,
  deliveryFeeCents: 1500,
  taxTotal: 780,
  taxLabel: 'HST 13%',
  totalOrderAmount: 6780,
  orderNumber: '',
  editable: true,
  adminLink: 'http://localhost:3000/group-orders-site/group-orders/5b0c2f9e-1d1a-4c1e-9d4b-0e1f2a3b4c5d',
  status: 'accepting',
  statusLabel: 'Accepting',
  invoiceAvailable: false,
  displayDeliveryDateTime: 'Thursday, December 3, 2026 at 11:30 AM',
  restaurantMessages: [],
};

describe('group order detail view', () => {
  it('lists the spec fields, leaving out empty optional ones', () => {
    expect(groupOrderFacts(detail)).toEqual([
      ['Delivery', 'Thursday, December 3, 2026 at 11:30 AM'],
      ['Company', 'Northwind Consulting'],
      ['Address', 'Suite 500, 100 King St W, Toronto'],
      ['Contact', 'Dana Morgan'],
      ['Phone', '416-555-0101'],
      ['Head count', '12'],
    ]);
    expect(groupOrderFacts({ ...detail, deliveryInstruction: 'Front desk' }).at(-1)).toEqual([
      'Instructions',
      'Front desk',
    ]);
  });

  it('shows the PO number and cost centre when the creator gave them (issue 17 part 3)', () => {
    expect(groupOrderFacts({ ...detail, poNumber: 'PO-4471', costCentre: 'CC 310' }).slice(-2)).toEqual([
      ['PO number', 'PO-4471'],
      ['Cost centre', 'CC 310'],
    ]);
  });

  it('shows the tax under its label and the total', () => {
    expect(groupOrderTotals(detail)).toEqual([
      { label: 'Subtotal', amount: '$45.00' },
      { label: 'Delivery fee', amount: '$15.00' },
      { label: 'HST 13%', amount: '$7.80' },
      { label: 'Total', amount: '$67.80', total: true },
    ]);
  });

  it('offers Edit Order (the admin link, with the admin token) and Cancel only while editable', () => {
    expect(groupOrderActions(detail, 'tok')).toEqual({
      editHref: `${detail.adminLink}?admin_token=tok`,
      cancel: true,
      downloadPdf: false,
    });
    expect(groupOrderActions(detail, null).editHref).toBe(detail.adminLink);
    expect(groupOrderActions({ ...detail, editable: false, status: 'waiting_for_delivery' }, 'tok')).toEqual({
      editHref: null,
      cancel: false,
      downloadPdf: false,
    });
  });

  it('offers Download PDF once the invoice exists', () => {
    expect(
      groupOrderActions({ ...detail, editable: false, status: 'delivered', invoiceAvailable: true }, null),
    ).toEqual({ editHref: null, cancel: false, downloadPdf: true });
  });
});
