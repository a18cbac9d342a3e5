// The data the services hand to the PDF renderers, for the PDF tests and bench/pdf-cpu.ts
// (not loaded by the app): an invoice with names outside Latin-1, and a label sheet.
import type { LabelSheetData } from '../src/modules/group-order-documents/labels.pdf.js';
import type { InvoiceData, InvoiceLine } from '../src/modules/invoices/invoice.pdf.js';

/** A cart line of `quantity` at `unitCents`, with its add-ons priced the same way. */
export function invoiceLine(
  name: string,
  quantity: number,
  unitCents: number,
  options: { name: string; quantity: number; unitCents: number }[] = [],
  note = '',
): InvoiceLine {
  return {
    name,
    quantity,
    unitCents,
    amountCents: quantity * unitCents,
    options: options.map((o) => ({ ...o, amountCents: o.quantity * o.unitCents })),
    note,
  };
}

/** A delivered order's invoice from "Chez Zoë"; the totals are not recomputed from the lines. */
export function invoiceData(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    kind: 'invoice',
    number: 'INV-2026-000321',
    issuedOn: 'March 6, 2026',
    orderNumber: 'CW-2026-000321',
    orderId: 321,
    suppliedOn: 'Fri, Mar 6, 2026 12:00 PM',
    receivingMethod: 'delivery',
    brand: { name: 'Caterway', contact: ['https://caterway.test', 'billing@caterway.test'] },
    seller: {
      legalName: 'Caterway Inc.',
      address: '200 Bay St, Toronto, ON M5J 2J2',
      registrations: ['GST/HST Reg. No. 123456789 RT0001'],
      sample: false,
    },
    restaurant: { name: 'Chez Zoë', lines: ['12 Queen St E', 'Toronto, ON M5C 1R5', '+1 416 555 0100'] },
    buyer: {
      company: 'Northwind',
      name: 'Dana Morgan',
      phone: '+1 416 555 0199',
      email: 'dana@example.test',
      addressLines: ['Suite 500', '100 King St W, Toronto, ON'],
    },
    destination: { lines: ['Suite 500', '100 King St W, Toronto, ON'], instructions: 'Reception on the 5th floor' },
    references: [],
    presetName: 'Team lunch',
    servingStyle: 'Individually packaged',
    lines: [invoiceLine('Crème brûlée', 2, 1250, [{ name: 'Œufs mimosa', quantity: 1, unitCents: 150 }])],
    amounts: [
      { label: 'Subtotal', cents: 2650 },
      { label: 'Delivery fee', cents: 500 },
      { label: 'Cutlery, plates and napkins (12)', cents: 600 },
      { label: 'HST 13.000%', cents: 488 },
    ],
    totalCents: 4238,
    currency: 'cad',
    payment: 'Visa ending in 4242',
    ...overrides,
  };
}

/** A group order's label sheet, one label per member's meal. */
export function labelSheetData(labels: LabelSheetData['labels']): LabelSheetData {
  return {
    orderNumber: 'CW-2026-000322',
    groupName: 'Friday lunch',
    restaurant: 'Chez Zoë',
    deliveryOn: 'Fri, Mar 6, 2026 12:00 PM',
    company: 'Northwind',
    labels,
  };
}
