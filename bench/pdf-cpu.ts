// CPU time per PDF document, rendered one at a time (no HTTP, no database): the figure that
// hardly moves with the machine's load, unlike the bench's latencies.
//   npm run bench:pdf-cpu                      # in this thread, then through the worker pool
//   PDF_DOCS=200 npm run bench:pdf-cpu         # documents per row (default 100)
//   node --cpu-prof --import tsx bench/pdf-cpu.ts   # a profile of the in-thread rows
import os from 'node:os';
import { createPdfPool } from '../apps/api/src/lib/pdf/pdf-pool.js';
import { renderLabelSheet, type LabelSheetData } from '../apps/api/src/modules/group-order-documents/labels.pdf.js';
import { renderInvoice, type InvoiceData } from '../apps/api/src/modules/invoices/invoice.pdf.js';
import { pdfRenderers, type PdfDocuments } from '../apps/api/src/modules/pdf-documents.js';
import { invoiceData, invoiceLine, labelSheetData } from '../apps/api/test/pdf-documents.js';

const N = Number(process.env.PDF_DOCS ?? 100);

/** A 12-line invoice like the bench's past orders, with names outside Latin-1, add-ons and notes. */
function sampleInvoice(i: number): InvoiceData {
  const dishes = [
    'Crème brûlée',
    'Œufs mimosa',
    'Grilled salmon bowl',
    'Chicken shawarma platter',
    'Falafel wrap',
    'Caesar salad',
    'Bánh mì',
    'Pad thai',
    'Spanakopita',
    'Smørrebrød',
    'Quinoa salad',
    'Brownies',
  ];
  return invoiceData({
    orderNumber: `CW-${100000 + i}`,
    orderId: 100000 + i,
    restaurant: { name: `Chez Zoë ${i}`, lines: ['12 Queen St E', 'Toronto, ON M5C 1R5', '+1 416 555 0100'] },
    lines: dishes.map((name, n) =>
      invoiceLine(
        `${name} ${n + 1}`,
        2 + (n % 5),
        1250 + n * 75,
        n % 3 === 0 ? [{ name: 'Extra sauce', quantity: 1, unitCents: 150 }] : [],
        n % 4 === 0 ? 'No nuts, please' : '',
      ),
    ),
    amounts: [
      { label: 'Subtotal', cents: 123_450 },
      { label: 'Delivery fee', cents: 2_500 },
      { label: 'HST 13.000%', cents: 16_374 },
    ],
    totalCents: 142_324,
  });
}

/** A sheet of 20 meals (two pages). */
function sampleLabels(): LabelSheetData {
  return labelSheetData(
    Array.from({ length: 20 }, (_, n) => ({
      memberName: `Zoë Ångström ${n}`,
      dietaryNeeds: n % 3 ? '' : 'Gluten-free',
      dish: n % 2 ? 'Crème brûlée' : 'Œufs mimosa',
    })),
  );
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

async function row(name: string, render: (i: number) => Promise<Buffer>) {
  for (let i = 0; i < 50; i++) await render(i); // warm-up: the worker's start, fonts, then ~20 documents of JIT
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < N; i++) bytes += (await render(i)).length;
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${name.padEnd(34)} cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/doc   wall ${(wall / N).toFixed(2)} ms/doc   ${Math.round(bytes / N)} B`,
  );
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${N} documents each, sequential; cpu = the whole process (every thread)`,
);
await row('invoice, 12 lines (this thread)', async (i) => collect(await renderInvoice(sampleInvoice(i))));
await row('label sheet, 20 meals (this thread)', async () => collect(await renderLabelSheet(sampleLabels())));
const pool = createPdfPool<PdfDocuments>({ workers: 1, queueLimit: 64, renderers: pdfRenderers });
try {
  await row('invoice, 12 lines (worker pool)', (i) => pool.render('invoice', sampleInvoice(i)));
} finally {
  await pool.close();
}
