import type { CateringOrderDetail } from './api/catering-order-detail';

// A placed order as the edit page reads it (camelCased), with only the fields its form starts
// from: a Montréal delivery with an amount tip, a PO number, a cost centre and an on-site contact.

export const placedOrder = (over: Partial<CateringOrderDetail> = {}): CateringOrderDetail =>
  ({
    firstName: 'Dana',
    lastName: 'Park',
    companyName: 'Maple Analytics',
    phoneNumber: '514-555-0142',
    email: 'dana@example.com',
    deliveryAddress: '1000 Rue De La Gauchetière O, Montréal, QC',
    deliverySuiteAddress: '',
    deliveryDate: '2026-12-03',
    deliveryTime: '11:30 AM',
    moreDetail: '',
    extraInfo: { servingStyle: 'Family Style', numCutlery: 0 },
    tipPercent: null,
    totals: { tipCents: 725 },
    poNumber: 'PO-4471',
    costCentre: 'CC 310-Marketing',
    onsiteContactName: 'Sam Lee',
    onsiteContactPhone: '514-555-0199',
    ...over,
  }) as CateringOrderDetail;

/** The order's totals with only the tip set (the form reads nothing else of them). */
export const withTip = (tipCents: number) => ({ tipCents }) as CateringOrderDetail['totals'];
