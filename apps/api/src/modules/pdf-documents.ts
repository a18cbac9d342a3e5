import { createPdfPool, type PdfPool, type PdfRenderer } from '../lib/pdf/pdf-pool.js';
import type { LabelSheetData } from './group-order-documents/labels.pdf.js';
import type { InvoiceData } from './invoices/invoice.pdf.js';
import type { KitchenTicketData, PrepListData } from './order-lifecycle/kitchen.pdf.js';
import type { StatementPdfData } from './statements/statement.pdf.js';

// The PDF documents the API renders in its worker pool (lib/pdf/pdf-pool.ts), and their renderers:
// the pool is infrastructure and knows no module, so the modules name their documents here.

export interface PdfDocuments {
  invoice: InvoiceData;
  labels: LabelSheetData;
  kitchenTicket: KitchenTicketData;
  prepList: PrepListData;
  statement: StatementPdfData;
}
export type PdfKind = keyof PdfDocuments;
export type DocumentsPdfPool = PdfPool<PdfDocuments>;

// the renderers' TypeScript sources under tsx and vitest, their compiled files in apps/api/dist
// (scripts/build.mjs outputs them under the same paths, decision 039)
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const renderer = (path: string, name: string): PdfRenderer => ({
  module: new URL(`${path}${extension}`, import.meta.url).href,
  export: name,
});

export const pdfRenderers: { [K in PdfKind]: PdfRenderer } = {
  invoice: renderer('./invoices/invoice.pdf', 'renderInvoice'),
  labels: renderer('./group-order-documents/labels.pdf', 'renderLabelSheet'),
  kitchenTicket: renderer('./order-lifecycle/kitchen.pdf', 'renderKitchenTicket'),
  prepList: renderer('./order-lifecycle/kitchen.pdf', 'renderPrepList'),
  statement: renderer('./statements/statement.pdf', 'renderStatement'),
};

let shared: DocumentsPdfPool | undefined;

/**
 * The process's pool, created on first use with the configuration's size (like a thread pool,
 * it belongs to the process: every app built in it shares the workers).
 */
export function sharedPdfPool(config: { pdfWorkers: number; pdfQueueLimit: number }): DocumentsPdfPool {
  shared ??= createPdfPool<PdfDocuments>({
    workers: config.pdfWorkers,
    queueLimit: config.pdfQueueLimit,
    renderers: pdfRenderers,
  });
  return shared;
}
