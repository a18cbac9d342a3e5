import { z } from 'zod';

// Invoices and credit notes of an order (issue 17 part 2; docs/decisions/034). The invoice
// itself is GET api/v2/catering_order_invoices/{id}.pdf (order-history.ts invoiceParamsSchema).

/** CN-2026-000001: the credit-note series, the year, the number. */
export const creditNoteNumberSchema = z
  .string()
  .regex(/^CN-\d{4}-\d{6,}$/, 'Credit note number must look like CN-2026-000001');

export const creditNoteSchema = z
  .object({
    number: z.string(),
    /** the invoice it corrects (INV-2026-000001) */
    invoice_number: z.string(),
    /** ISO instant */
    issued_at: z.string(),
    /** what lowered the total after the payment was collected */
    reason: z.enum(['edit', 'cancel', 'decline']),
    /** the amount credited, cents */
    total_cents: z.number().int(),
    currency: z.enum(['cad', 'usd']),
    /** where its PDF is downloaded */
    pdf_url: z.string(),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** GET api/v2/catering_orders/{id}/credit_notes: the order's invoice number (null until issued) and its credit notes, oldest first. */
export const creditNoteListSchema = z
  .object({ invoice_number: z.string().nullable(), credit_notes: z.array(creditNoteSchema) })
  .meta({ id: 'CreditNotes' });
export type CreditNoteList = z.infer<typeof creditNoteListSchema>;

/** GET api/v2/catering_orders/{id}/credit_notes/{number}.pdf */
export const creditNoteParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  number: creditNoteNumberSchema,
});
