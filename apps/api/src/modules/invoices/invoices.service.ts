import type { CreditNoteList } from '@caterway/contracts';
import { invoiceAvailable, totalsDecrease, zonedParts } from '@caterway/domain';
import type { CompanyDetails } from '../../config/env.js';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { orderHistoryReadsFrom, type OrderHistoryReads } from '../order-history/order-history-reads.service.js';
import { orderRecordsFrom } from '../orders/order-records.service.js';
import { totalsOf, type OrderRow } from '../orders/orders.types.js';
import type { DocumentsPdfPool } from '../pdf-documents.js';
import {
  creditNoteDocument,
  documentDate,
  invoiceDocument,
  type InvoiceSource,
  type Letterhead,
} from './invoice-document.js';
import {
  createInvoicesRepository,
  type CreditReason,
  type DocumentSeries,
  type InvoiceRow,
} from './invoices.repository.js';

// Invoices and credit notes (issue 17 part 2; docs/decisions/034). Caterway is the merchant of
// record: every order it invoices gets one invoice, numbered in its own gapless series
// (INV-2026-000001) when it is first issued: at its first download (delivery-ready or delivered)
// or at its first credit note, whichever comes first. A decrease of an order's total after its
// payment was collected (an edit, a cancel or a decline that refunds) is a credit note of its own
// series (CN-2026-000001) referring to that invoice. Both are stored as issued and printed from
// what was stored. Numbers are taken in the transaction that stores the document, with the
// order's row locked by the caller: one invoice per order, no number used twice or skipped.

export const invoiceMessages = {
  orderNotFound: 'Order not found',
  invoiceNotFound: 'Invoice not found',
  creditNoteNotFound: 'Credit note not found',
} as const;

export interface InvoicesDeps {
  db: Db;
  payments: Pick<PaymentProvider, 'retrievePaymentMethod'>;
  clock: Clock;
  company: CompanyDetails;
  brand: { name: string; supportEmail: string; publicUrl: string };
  /** renders the PDFs off the event loop (lib/pdf/pdf-pool.ts); only the downloads need it */
  pdf?: DocumentsPdfPool;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};
const brandName = (brand: string) =>
  BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

/** INV-2026-000001: the series, the year of the document's date, the number in six digits or more. */
export const documentNumber = (series: DocumentSeries, year: number, n: number) =>
  `${series}-${year}-${String(n).padStart(6, '0')}`;

export function createInvoicesService(deps: InvoicesDeps) {
  const { db, clock } = deps;
  const repo = createInvoicesRepository(db);
  const orders = orderRecordsFrom(db);
  const head: Letterhead = {
    brand: { name: deps.brand.name, contact: [deps.brand.publicUrl, deps.brand.supportEmail] },
    company: deps.company,
  };

  async function paymentLine(history: Pick<OrderHistoryReads, 'findSavedMethod'>, order: OrderRow): Promise<string> {
    const fallback = order.is_eft ? 'Pre-authorized bank debit' : 'Card';
    if (!order.payment_method_id) return fallback;
    let method: { type: 'card' | 'acss_debit'; brand: string; last4: string } | undefined;
    const saved = await history.findSavedMethod(order.user_id, order.payment_method_id);
    if (saved) method = { type: saved.payment_type, brand: saved.brand, last4: saved.last4 };
    else {
      try {
        const pm = await deps.payments.retrievePaymentMethod(order.payment_method_id);
        method = { type: pm.type, brand: pm.brand, last4: pm.last4 };
      } catch {
        // the provider may have forgotten a detached method; the invoice still says how it was paid
        return fallback;
      }
    }
    if (method.type === 'acss_debit')
      return `Pre-authorized bank debit (${method.brand || 'bank account'} ending in ${method.last4})`;
    return `${brandName(method.brand)} ending in ${method.last4}`;
  }

  /** The next number of a series, dated now in the order's zone (the year printed is the number's). */
  async function numbered(tx: Queryable, series: DocumentSeries, order: OrderRow, now: Date) {
    const year = zonedParts(now, order.time_zone).year;
    return {
      number: documentNumber(series, year, await repo.nextNumber(tx, series, year)),
      issuedOn: documentDate(now, order.time_zone),
    };
  }

  /** What an order's invoice is made of, read with `q` (the pool, or the caller's transaction). */
  async function sourceOf(q: Queryable, order: OrderRow): Promise<InvoiceSource> {
    const history = orderHistoryReadsFrom(q);
    const [items, chef, buyer, group, payment] = await Promise.all([
      history.findItemsOf([order.id]).then((m) => m.get(order.id) ?? []),
      history.findChef(order.chef_id),
      repo.findBuyer(order.user_id, q),
      repo.findGroupOfOrder(order.id, q),
      paymentLine(history, order),
    ]);
    return { order, items, chef, buyer, group, payment };
  }

  /** Numbers and stores an invoice of `src.order` (its row locked by the caller in `tx`). */
  async function store(tx: Queryable, src: InvoiceSource, now: Date): Promise<InvoiceRow> {
    const { order } = src;
    const id = await numbered(tx, 'INV', order, now);
    return repo.insertInvoice(tx, {
      number: id.number,
      catering_order_id: order.id,
      issued_at: now,
      currency: order.currency,
      total_cents: order.total_cents,
      totals: totalsOf(order),
      document: invoiceDocument(src, head, id),
    });
  }

  /**
   * The order's invoice, issued now from the order as it stands if it has none. The caller holds
   * the order's row lock in `tx`, so two requests never issue two invoices of one order (the
   * unique key on the order would refuse the second anyway).
   */
  async function issue(tx: Queryable, order: OrderRow, now: Date): Promise<InvoiceRow> {
    return (await repo.findInvoiceByOrder(order.id, tx)) ?? store(tx, await sourceOf(tx, order), now);
  }

  /**
   * A credit note for a decrease of an order's total after its payment was collected: `before`
   * is the order as it was charged, `after` as it is now (null: cancelled or declined, all of it
   * is credited). Its amounts are the domain's totalsDecrease of the two stored totals. Issues
   * the order's invoice first if it has none (from `before`: call this before the order's items
   * are rewritten, or call issue() then). In the caller's transaction, the order's row locked.
   */
  async function credit(
    tx: Queryable,
    input: { before: OrderRow; after: OrderRow | null; reason: CreditReason; now: Date },
  ): Promise<void> {
    const { before, after, reason, now } = input;
    const decrease = totalsDecrease(totalsOf(before), after ? totalsOf(after) : null);
    if (decrease.totalCents <= 0) return;
    const invoice = await issue(tx, before, now);
    const id = await numbered(tx, 'CN', before, now);
    await repo.insertCreditNote(tx, {
      number: id.number,
      invoice_id: invoice.id,
      catering_order_id: before.id,
      issued_at: now,
      reason,
      total_cents: decrease.totalCents,
      credit: decrease,
      document: creditNoteDocument(
        invoice,
        { ...id, reason, totals: decrease, cutleryCount: before.num_cutlery - (after?.num_cutlery ?? 0) },
        deps.company,
      ),
    });
  }

  /** The user's placed order (another user's, a draft or an unknown id: 404 alike). */
  async function ownOrder(userId: number, orderId: number): Promise<OrderRow> {
    const order = await orders.findById(orderId);
    if (!order || order.user_id !== userId || order.status === 'draft') throw notFound(invoiceMessages.orderNotFound);
    return order;
  }

  function render(document: InvoiceRow['document']): Promise<Buffer> {
    if (!deps.pdf) throw new Error('no PDF pool');
    return deps.pdf.render('invoice', document);
  }

  return {
    issue,
    credit,

    /**
     * The invoice of the user's order as a PDF: the one issued, whatever the order's status
     * since; else issued now once the order is delivery-ready or delivered; else 404.
     */
    async invoicePdf(userId: number, orderId: number): Promise<Buffer> {
      const order = await ownOrder(userId, orderId);
      let invoice = await repo.findInvoiceByOrder(order.id);
      if (!invoice && invoiceAvailable(order.status)) {
        // read before the transaction: its connection waits on the counter's lock, holding no other
        // (the payment line may ask the provider, whose sandbox takes a connection of its own)
        const src = await sourceOf(db, order);
        invoice = await withTransaction(db, async (tx) => {
          const locked = await orders.lockForUpdate(order.id, tx);
          if (!locked || !invoiceAvailable(locked.status)) return undefined;
          // an order that can have an invoice can no longer be edited: what was read still stands
          return (await repo.findInvoiceByOrder(order.id, tx)) ?? store(tx, { ...src, order: locked }, clock.now());
        });
      }
      if (!invoice) throw notFound(invoiceMessages.invoiceNotFound);
      return render(invoice.document);
    },

    /** GET api/v2/catering_orders/{id}/credit_notes: the order's invoice number and credit notes. */
    async creditNotes(userId: number, orderId: number): Promise<CreditNoteList> {
      const order = await ownOrder(userId, orderId);
      const [invoice, notes] = await Promise.all([
        repo.findInvoiceByOrder(order.id),
        repo.findCreditNotesByOrder(order.id),
      ]);
      return {
        invoice_number: invoice?.number ?? null,
        credit_notes: notes.map((n) => ({
          number: n.number,
          invoice_number: n.invoice_number,
          issued_at: n.issued_at.toISOString(),
          reason: n.reason,
          total_cents: n.total_cents,
          currency: n.document.currency,
          pdf_url: `/api/v2/catering_orders/${order.id}/credit_notes/${n.number}.pdf`,
        })),
      };
    },

    /** One credit note of the user's order as a PDF (404 for a number that is not this order's). */
    async creditNotePdf(userId: number, orderId: number, number: string): Promise<Buffer> {
      const order = await ownOrder(userId, orderId);
      const note = await repo.findCreditNote(order.id, number);
      if (!note) throw notFound(invoiceMessages.creditNoteNotFound);
      return render(note.document);
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
/** What the order paths need: issue an invoice, credit a decrease (in their own transaction). */
export type Invoicing = Pick<InvoicesService, 'issue' | 'credit'>;
