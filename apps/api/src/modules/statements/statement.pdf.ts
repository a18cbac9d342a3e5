import PDFDocument from 'pdfkit';
import type { PartnerStatement } from '@caterway/contracts';
import { formatCents, formatRateBps } from '@caterway/domain';
import { loadFonts } from '../../lib/pdf/fonts.js';

// A restaurant's statement as a PDF (docs/decisions/057), drawn like the invoices (invoice.pdf.ts:
// DejaVu Sans embedded, the same ink, muted and accent colours), on a landscape Letter page so
// that the nine columns of the lines fit at a readable size. Rendered in the PDF worker pool.

export interface StatementPdfData {
  statement: PartnerStatement;
  /** "Nov 28, 2026 10:42 AM" in the restaurant's zone */
  preparedAt: string;
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#c2410c';
const RULE = '#d9dee4';
const SHADE = '#f4f5f7';

export async function renderStatement(data: StatementPdfData): Promise<PDFKit.PDFDocument> {
  const { regular, bold } = await loadFonts();
  const s = data.statement;
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 40,
    bufferPages: false,
    info: { Title: `Statement ${s.restaurant.name} ${s.period.label}`, Author: 'Caterway', Subject: 'Statement' },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const currency = s.currency.toUpperCase();

  // header
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(ACCENT)
    .text('Caterway', left, 40, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(s.restaurant.name, { width: width / 2 });
  doc
    .font('body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Delivery dates in ${s.restaurant.time_zone}`, { width: width / 2 });
  const headerBottom = doc.y;
  doc.font('bold').fontSize(18).fillColor(INK).text('STATEMENT', left, 40, { width, align: 'right' });
  doc.font('body').fontSize(10).fillColor(INK);
  doc.text(s.period.label, left, doc.y, { width, align: 'right' });
  doc.fillColor(MUTED).text(`${s.period.start} to ${s.period.end}`, left, doc.y, { width, align: 'right' });
  doc.text(`Prepared ${data.preparedAt}`, left, doc.y, { width, align: 'right' });
  let y = Math.max(headerBottom, doc.y) + 12;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;

  // summary: seven figures in a row
  const t = s.totals;
  const figures: [string, string][] = [
    ['Orders', String(t.orders)],
    ['Gross food sales', formatCents(t.food_cents)],
    ['Delivery fees', formatCents(t.delivery_fee_cents)],
    ['Taxes collected', formatCents(t.tax_cents)],
    ['Tips', formatCents(t.tip_cents)],
    ['Commission', `-${formatCents(t.commission_cents)}`],
    [`Net owed (${currency})`, formatCents(t.net_cents)],
  ];
  const boxW = width / figures.length;
  figures.forEach(([label, value], i) => {
    const x = left + i * boxW;
    const last = i === figures.length - 1;
    doc.rect(x + 2, y, boxW - 4, 50).fill(last ? '#fff4ed' : SHADE);
    // the label may wrap on two lines: the figure goes under it, at the same height in every box
    doc
      .font('body')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x + 8, y + 6, { width: boxW - 16, characterSpacing: 0.2 });
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(last ? ACCENT : INK)
      .text(value, x + 8, y + 30, { width: boxW - 16 });
  });
  y += 64;

  // the lines
  const cols: { label: string; w: number; align: 'left' | 'right' }[] = [
    { label: 'Order', w: 0.13, align: 'left' },
    { label: 'Delivered', w: 0.09, align: 'left' },
    { label: 'Customer', w: 0.2, align: 'left' },
    { label: 'Food', w: 0.09, align: 'right' },
    { label: 'Delivery', w: 0.08, align: 'right' },
    { label: 'Taxes', w: 0.08, align: 'right' },
    { label: 'Tip', w: 0.07, align: 'right' },
    { label: 'Commission', w: 0.13, align: 'right' },
    { label: 'Net', w: 0.13, align: 'right' },
  ];
  const xs: number[] = [];
  cols.reduce((x, c) => (xs.push(x), x + c.w * width), left);
  const cell = (i: number, text: string, top: number) =>
    doc.text(text, xs[i]! + 4, top, { width: cols[i]!.w * width - 8, align: cols[i]!.align, lineBreak: i === 2 });
  const tableHeader = () => {
    doc.rect(left, y, width, 20).fill(SHADE);
    doc.font('bold').fontSize(9).fillColor(INK);
    cols.forEach((c, i) => cell(i, c.label, y + 6));
    y += 24;
  };
  tableHeader();
  if (s.lines.length === 0) {
    doc
      .font('body')
      .fontSize(10)
      .fillColor(MUTED)
      .text('No orders in this period.', left + 4, y, { width });
    y = doc.y + 8;
  }
  for (const l of s.lines) {
    doc.font('body').fontSize(9).fillColor(INK);
    const h = Math.max(12, doc.heightOfString(l.customer, { width: cols[2]!.w * width - 8 }));
    if (y + h > bottom - 40) {
      doc.addPage();
      y = doc.page.margins.top;
      tableHeader();
      doc.font('body').fontSize(9).fillColor(INK);
    }
    const values = [
      l.order_number + (l.shared ? ' *' : ''),
      l.delivery_date,
      l.customer,
      formatCents(l.food_cents),
      formatCents(l.delivery_fee_cents),
      formatCents(l.tax_cents),
      formatCents(l.tip_cents),
      `-${formatCents(l.commission_cents)} (${formatRateBps(l.commission_rate_bps)})`,
      formatCents(l.net_cents),
    ];
    values.forEach((v, i) => cell(i, v, y));
    y += h + 5;
    doc
      .moveTo(left, y - 2)
      .lineTo(right, y - 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }
  if (y > bottom - 80) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 2;
  doc.font('bold').fontSize(9).fillColor(INK);
  const totals = [
    `Total: ${t.orders} ${t.orders === 1 ? 'order' : 'orders'}`,
    '',
    '',
    formatCents(t.food_cents),
    formatCents(t.delivery_fee_cents),
    formatCents(t.tax_cents),
    formatCents(t.tip_cents),
    `-${formatCents(t.commission_cents)}`,
    formatCents(t.net_cents),
  ];
  totals.forEach((v, i) => cell(i, v, y));
  y += 22;

  doc
    .font('body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      [
        `Amounts in ${currency}. Orders count by their delivery date in the restaurant's time zone; cancelled and declined orders are not included.`,
        "Food is the restaurant's own dishes plus its share of cutlery. Commission is charged on food only, at the rate in force on the delivery date; delivery fee, taxes and tip are passed through.",
        s.lines.some((l) => l.shared)
          ? "* An order with several restaurants: its delivery fee, cutlery, taxes and tip are split between them in proportion to each restaurant's food."
          : '',
        'Payouts are made separately; this statement is not a tax invoice.',
      ]
        .filter(Boolean)
        .join('\n'),
      left,
      y,
      { width },
    );
  doc.end();
  return doc;
}
