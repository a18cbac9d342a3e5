import { totalsLines, type TaxComponent, type Totals } from '@caterway/domain';
import type { CompanyDetails } from '../../config/env.js';
import { mealsOfLine } from '../group-order-documents/meal-labels.js';
import type { InvoiceChefRow } from '../order-history/order-history.types.js';
import { displayDateTime } from '../orders/orders.email.js';
import { totalsOf, type OrderItemRow, type OrderRow } from '../orders/orders.types.js';
import type { InvoiceData, InvoiceLine, InvoiceSeller } from './invoice.pdf.js';
import type { BuyerRow, CreditReason, InvoiceGroupRow, InvoiceRow } from './invoices.repository.js';

// What an invoice and a credit note print, built once when the document is issued and stored
// with it (invoices.service.ts). Pure: the service reads the rows.

/** The brand over the letterhead and where to ask questions. */
export interface Letterhead {
  brand: { name: string; contact: string[] };
  company: CompanyDetails;
}

/** Everything an order's invoice is made of. */
export interface InvoiceSource {
  order: OrderRow;
  items: OrderItemRow[];
  chef: InvoiceChefRow | undefined;
  buyer: BuyerRow | undefined;
  /** the group order a combined order was made for: its lines say whose meal each is */
  group: InvoiceGroupRow | undefined;
  /** how it was paid: "Visa ending in 4242" */
  payment: string;
}

const COUNTRY = { CA: 'Canada', US: 'United States' } as const;

/** The supplier block: the GST/HST number always, the QST number where QST is charged. */
export function sellerOf(company: CompanyDetails, taxes: readonly TaxComponent[]): InvoiceSeller {
  const registrations = [`GST/HST Reg. No. ${company.gstHstNumber}`];
  if (taxes.some((t) => t.name === 'QST')) registrations.push(`QST Reg. No. ${company.qstNumber}`);
  return { legalName: company.legalName, address: company.address, registrations, sample: company.sample };
}

/** "March 2, 2026" in a zone: the date printed on a document. */
export const documentDate = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long', day: 'numeric', year: 'numeric' }).format(instant);

/** The lines of an order as charged, or of a group order's combined order one per member's meal. */
function linesOf(src: InvoiceSource): InvoiceLine[] {
  return src.items.map((i) => ({
    name: i.menu_name,
    quantity: i.quantity,
    unitCents: i.unit_price_cents,
    amountCents: i.unit_price_cents * i.quantity,
    options: src.group
      ? []
      : i.menu_items
          .filter((m) => m.quantity > 0)
          .map((m) => ({
            name: m.name,
            quantity: m.quantity,
            unitCents: m.price_cents,
            amountCents: m.price_cents * m.quantity,
          })),
    note: src.group ? '' : i.special_instruction,
    ...(src.group
      ? {
          details: mealsOfLine(i).map(
            (m) => `For ${m.memberName}${m.dietaryNeeds ? ` · Dietary needs: ${m.dietaryNeeds}` : ''}`,
          ),
        }
      : {}),
  }));
}

/** The buyer's address: the account's (its billing address) when it has one, else where the food went. */
function buyerAddress(order: OrderRow, buyer: BuyerRow | undefined): string[] {
  if (buyer?.address1) {
    return [
      [buyer.address1, buyer.address2].filter(Boolean).join(', '),
      [buyer.city, [buyer.province, buyer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      COUNTRY[buyer.country],
    ];
  }
  return order.receiving_method === 'delivery'
    ? [order.delivery_suite_address, order.delivery_address].filter(Boolean)
    : [];
}

/** The invoice of an order as it stands (its stored totals), numbered and dated by the caller. */
export function invoiceDocument(
  src: InvoiceSource,
  head: Letterhead,
  issue: { number: string; issuedOn: string },
): InvoiceData {
  const { order, chef, group } = src;
  const delivery = order.receiving_method === 'delivery';
  const totals = totalsOf(order);
  const chefLines = chef
    ? [
        [chef.address1, chef.address2].filter(Boolean).join(', '),
        `${chef.city}, ${chef.province} ${chef.zip}`,
        chef.country === 'CA' ? 'Canada' : 'United States',
      ]
    : [];
  const po = order.po_number || group?.po_number || '';
  const costCentre = order.cost_centre || group?.cost_centre || '';
  const meals = src.items.reduce((n, i) => n + i.quantity, 0);
  return {
    kind: 'invoice',
    number: issue.number,
    issuedOn: issue.issuedOn,
    orderNumber: order.order_number,
    orderId: order.id,
    suppliedOn: displayDateTime(order.delivery_at, order.time_zone),
    receivingMethod: order.receiving_method,
    brand: head.brand,
    seller: sellerOf(head.company, totals.taxLines),
    buyer: {
      company: order.company_name || src.buyer?.company_name || '',
      name: `${order.first_name} ${order.last_name}`.trim(),
      addressLines: buyerAddress(order, src.buyer),
      phone: order.phone_number,
      email: order.email,
    },
    destination: delivery
      ? {
          lines: [order.delivery_suite_address, order.delivery_address].filter(Boolean),
          instructions: order.delivery_instruction,
        }
      : { lines: [chef?.business_name ?? order.preset_name, ...chefLines], instructions: order.pickup_instruction },
    restaurant: { name: chef?.business_name ?? order.preset_name, lines: chefLines },
    references: [
      ...(po ? [{ label: 'PO number', value: po }] : []),
      ...(costCentre ? [{ label: 'Cost centre', value: costCentre }] : []),
      ...(order.onsite_contact_name
        ? [
            {
              label: 'On-site contact',
              value: [order.onsite_contact_name, order.onsite_contact_phone].filter(Boolean).join(', '),
            },
          ]
        : []),
    ],
    presetName: group
      ? `${group.name || order.preset_name} (group order, ${meals} ${meals === 1 ? 'meal' : 'meals'}, ${group.head_count} invited)`
      : order.preset_name,
    servingStyle: group ? 'Individually packaged' : order.serving_style,
    lines: linesOf(src),
    amounts: totalsLines(totals, { receivingMethod: order.receiving_method, cutleryCount: order.num_cutlery }),
    totalCents: order.total_cents,
    currency: order.currency,
    payment: src.payment,
  };
}

const REASONS: Record<CreditReason, string> = {
  edit: 'The order was changed after its payment was collected and its total went down: the difference below is credited and refunded.',
  cancel: 'The order was cancelled after its payment was collected: its total is credited and refunded.',
  decline:
    'The restaurant could not take the order after its payment was collected: its total is credited and refunded.',
};

/**
 * A credit note against an invoice: the parties and references as invoiced, the amounts the
 * decrease of each component (domain totalsDecrease), the supplier as it stands today.
 */
export function creditNoteDocument(
  invoice: Pick<InvoiceRow, 'number' | 'document'>,
  credit: { number: string; issuedOn: string; reason: CreditReason; totals: Totals; cutleryCount: number },
  company: CompanyDetails,
): InvoiceData {
  const invoiced = invoice.document;
  return {
    ...invoiced,
    kind: 'credit_note',
    number: credit.number,
    issuedOn: credit.issuedOn,
    refersTo: { number: invoice.number, issuedOn: invoiced.issuedOn },
    reason: REASONS[credit.reason],
    seller: sellerOf(company, credit.totals.taxLines),
    lines: [],
    amounts: totalsLines(credit.totals, {
      receivingMethod: invoiced.receivingMethod,
      cutleryCount: credit.cutleryCount,
    }),
    totalCents: credit.totals.totalCents,
  };
}
