import type { Totals } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import type { UserRow } from '../auth/auth.types.js';
import type { InvoiceData } from './invoices.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export { hasInvoiceColumn } from './invoices.sql-parts.js';

// The only SQL on document_counters, invoices and credit_notes (migration 033), and the reads of
// the buyer and the group order an invoice prints.

export type DocumentSeries = 'INV' | 'CN';
export type CreditReason = 'edit' | 'cancel' | 'decline';

export interface InvoiceRow {
  id: number;
  number: string;
  catering_order_id: number;
  issued_at: Date;
  currency: 'cad' | 'usd';
  total_cents: number;
  totals: Totals;
  document: InvoiceData;
}

export interface CreditNoteRow {
  id: number;
  number: string;
  invoice_id: number;
  invoice_number: string;
  catering_order_id: number;
  issued_at: Date;
  reason: CreditReason;
  total_cents: number;
  credit: Totals;
  document: InvoiceData;
}

/** The customer account an invoice bills (its company and address, when the account has one). */
export type BuyerRow = Pick<
  UserRow,
  'company_name' | 'address1' | 'address2' | 'city' | 'province' | 'zip' | 'country'
>;

/** The group order a combined order was made for. */
export interface InvoiceGroupRow {
  name: string;
  head_count: number;
  po_number: string;
  cost_centre: string;
}

const CREDIT_NOTE_COLUMNS = `c.id, c.number, c.invoice_id, i.number AS invoice_number, c.catering_order_id, c.issued_at, c.reason, c.total_cents, c.credit, c.document`;

export function createInvoicesRepository(db: Queryable) {
  return {
    /**
     * The next number of a series in a year. The counter row stays locked until the caller's
     * transaction ends: concurrent issues wait for it (no two get one number), and a transaction
     * that rolls back takes its number back with it (no gaps).
     */
    async nextNumber(tx: Queryable, series: DocumentSeries, year: number): Promise<number> {
      const { rows } = await tx.query<{ last_number: number }>(
        `INSERT INTO document_counters (series, year, last_number) VALUES ($1, $2, 1)
         ON CONFLICT (series, year) DO UPDATE SET last_number = document_counters.last_number + 1
         RETURNING last_number`,
        [series, year],
      );
      return rows[0]!.last_number;
    },

    async findInvoiceByOrder(orderId: number, tx: Queryable = db): Promise<InvoiceRow | undefined> {
      const { rows } = await tx.query<InvoiceRow>(
        'SELECT id, number, catering_order_id, issued_at, currency, total_cents, totals, document FROM invoices WHERE catering_order_id = $1',
        [orderId],
      );
      return rows[0];
    },

    async insertInvoice(tx: Queryable, input: Omit<InvoiceRow, 'id'>): Promise<InvoiceRow> {
      const { rows } = await tx.query<InvoiceRow>(
        `INSERT INTO invoices (number, catering_order_id, issued_at, currency, total_cents, totals, document)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, number, catering_order_id, issued_at, currency, total_cents, totals, document`,
        [
          input.number,
          input.catering_order_id,
          input.issued_at,
          input.currency,
          input.total_cents,
          JSON.stringify(input.totals),
          JSON.stringify(input.document),
        ],
      );
      return rows[0]!;
    },

    async insertCreditNote(tx: Queryable, input: Omit<CreditNoteRow, 'id' | 'invoice_number'>): Promise<void> {
      await tx.query(
        `INSERT INTO credit_notes (number, invoice_id, catering_order_id, issued_at, reason, total_cents, credit, document)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          input.number,
          input.invoice_id,
          input.catering_order_id,
          input.issued_at,
          input.reason,
          input.total_cents,
          JSON.stringify(input.credit),
          JSON.stringify(input.document),
        ],
      );
    },

    /** An order's credit notes, oldest first. */
    async findCreditNotesByOrder(orderId: number): Promise<CreditNoteRow[]> {
      const { rows } = await db.query<CreditNoteRow>(
        `SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE c.catering_order_id = $1 ORDER BY c.id`,
        [orderId],
      );
      return rows;
    },

    async findCreditNote(orderId: number, number: string): Promise<CreditNoteRow | undefined> {
      const { rows } = await db.query<CreditNoteRow>(
        `SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE c.catering_order_id = $1 AND c.number = $2`,
        [orderId, number],
      );
      return rows[0];
    },

    async findBuyer(userId: number, tx: Queryable = db): Promise<BuyerRow | undefined> {
      const { rows } = await tx.query<BuyerRow>(
        'SELECT company_name, address1, address2, city, province, zip, country FROM users WHERE id = $1',
        [userId],
      );
      return rows[0];
    },

    async findGroupOfOrder(orderId: number, tx: Queryable = db): Promise<InvoiceGroupRow | undefined> {
      const { rows } = await tx.query<InvoiceGroupRow>(
        'SELECT name, head_count, po_number, cost_centre FROM group_orders WHERE catering_order_id = $1',
        [orderId],
      );
      return rows[0];
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
