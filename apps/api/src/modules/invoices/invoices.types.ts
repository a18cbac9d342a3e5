import type { TotalsLine } from '@caterway/domain';

// An invoice or credit note as the PDF draws it and invoices.repository stores it (the document
// column): a shape both layers use, kept below them (.dependency-cruiser.cjs, layer 5).

export interface InvoiceLine {
  name: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** the menu items (add-ons) chosen for this line */
  options: { name: string; quantity: number; unitCents: number; amountCents: number }[];
  note: string;
  /** lines printed under the line as they are (a group order's member and dietary needs) */
  details?: string[];
}

/** The supplier: Caterway, the merchant of record (config COMPANY_*, TAX_*). */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  /** "GST/HST Reg. No. 123456789 RT0001", and the QST number where QST is charged */
  registrations: string[];
  /** the development defaults: every detail says it is a sample */
  sample: boolean;
}

export interface InvoiceData {
  kind: 'invoice' | 'credit_note';
  /** INV-2026-000001 or CN-2026-000001 */
  number: string;
  /** the date of the document, in the order's zone */
  issuedOn: string;
  /** a credit note's invoice */
  refersTo?: { number: string; issuedOn: string };
  /** why a credit note was issued */
  reason?: string;
  orderNumber: string;
  orderId: number;
  /** when the food is delivered or picked up: the date of the supply */
  suppliedOn: string;
  receivingMethod: 'delivery' | 'pickup';
  brand: { name: string; contact: string[] };
  seller: InvoiceSeller;
  buyer: { company: string; name: string; addressLines: string[]; phone: string; email: string };
  /** where the food goes: the delivery address, or the restaurant for a pickup */
  destination: { lines: string[]; instructions: string };
  restaurant: { name: string; lines: string[] };
  /** PO number, cost centre, on-site contact: only those given */
  references: { label: string; value: string }[];
  presetName: string;
  servingStyle: string;
  /** what was supplied (an invoice); a credit note lists only amounts */
  lines: InvoiceLine[];
  /** subtotal, delivery fee, cutlery, each tax, tip (domain totalsLines); a credit note's are decreases */
  amounts: TotalsLine[];
  totalCents: number;
  currency: 'cad' | 'usd';
  payment: string;
}
