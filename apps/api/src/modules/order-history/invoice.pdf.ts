import PDFDocument from 'pdfkit';
import { formatCents } from '@caterway/domain';
import { loadFonts } from '../../lib/pdf/fonts.js';

// The invoice of a delivered or delivery-ready order (issue 5 item 6), drawn with pdfkit.
// pdfkit's built-in fonts are WinAnsi only, so DejaVu Sans is embedded (names like "Crème
// brûlée" or "Œufs" print as typed); the fonts are parsed once per thread and shared by every
// document (lib/pdf/fonts.ts), each document embedding its own subset of their glyphs.
// Cost measured (`npm run bench:pdf-cpu`, 2 cores, load 4-6): 11-12.5 ms of CPU per 12-line
// invoice once warm (was 42-45 ms while the fonts were parsed again for every document; a
// fresh worker's first invoice ~0.6 s with its start), all of it synchronous: text shaping and
// line wrapping, then font subsetting and compression at end(). It runs in the PDF worker pool
// (lib/pdf/pdf-pool.ts), off the server's event loop.

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

export interface InvoiceData {
  orderNumber: string;
  orderId: number;
  issuedOn: string;
  deliveryOn: string;
  receivingMethod: 'delivery' | 'pickup';
  status: string;
  marketplace: { name: string; lines: string[] };
  restaurant: { name: string; lines: string[] };
  customer: { name: string; company: string; phone: string; email: string; addressLines: string[]; instructions: string };
  presetName: string;
  servingStyle: string;
  lines: InvoiceLine[];
  subtotalCents: number;
  deliveryFeeCents: number;
  cutlery: { count: number; cents: number };
  tax: { name: string; ratePercent: number; cents: number };
  totalCents: number;
  refundedCents: number;
  currency: 'cad' | 'usd';
  payment: string;
}

/** 'HST 13%' / 'GST 5%' / 'Sales tax 8.875%' */
export function taxLabel(name: string, ratePercent: number): string {
  return `${name} ${Number(ratePercent.toFixed(3))}%`;
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#c2410c';
const RULE = '#d9dee4';

/** The invoice as a PDF stream (pdfkit's document is a Readable). */
export async function renderInvoice(data: InvoiceData): Promise<PDFKit.PDFDocument> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    bufferPages: false,
    info: { Title: `Invoice ${data.orderNumber}`, Author: data.marketplace.name, Subject: `Order ${data.orderNumber}` },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const money = (c: number) => formatCents(c);

  // header: the marketplace on the left, the invoice's numbers on the right
  doc.font('bold').fontSize(22).fillColor(ACCENT).text(data.marketplace.name, left, 50);
  doc.font('body').fontSize(9).fillColor(MUTED);
  for (const line of data.marketplace.lines) doc.text(line);
  const headerBottom = doc.y;
  doc.font('bold').fontSize(18).fillColor(INK).text('INVOICE', left, 50, { width, align: 'right' });
  doc.font('body').fontSize(9).fillColor(INK);
  const meta: [string, string][] = [
    ['Order number', data.orderNumber],
    ['Invoice date', data.issuedOn],
    [data.receivingMethod === 'delivery' ? 'Delivery' : 'Pickup', data.deliveryOn],
    ['Status', data.status],
  ];
  for (const [k, v] of meta) doc.text(`${k}: ${v}`, left, doc.y, { width, align: 'right' });
  let y = Math.max(headerBottom, doc.y) + 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 14;

  // parties: the restaurant that cooks, and where it goes
  const col = width / 2 - 10;
  const block = (x: number, title: string, name: string, lines: string[]) => {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width: col, characterSpacing: 0.5 });
    doc.font('bold').fontSize(11).fillColor(INK).text(name, x, doc.y + 2, { width: col });
    doc.font('body').fontSize(9);
    for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y, { width: col });
    return doc.y;
  };
  const restaurantBottom = block(left, 'Restaurant', data.restaurant.name, data.restaurant.lines);
  const c = data.customer;
  const customerBottom = block(left + width / 2 + 10, data.receivingMethod === 'delivery' ? 'Deliver to' : 'Pickup for', c.name, [
    c.company,
    ...c.addressLines,
    c.phone,
    c.email,
    c.instructions ? `Instructions: ${c.instructions}` : '',
  ]);
  y = Math.max(restaurantBottom, customerBottom) + 18;
  doc.font('body').fontSize(9).fillColor(MUTED).text(`Menu: ${data.presetName}    Serving style: ${data.servingStyle}`, left, y, { width });
  y = doc.y + 10;

  // items: each cart line, its add-ons indented beneath it
  const cols = { item: left, qty: left + width * 0.58, unit: left + width * 0.7, amount: left + width * 0.82 };
  const colW = { item: width * 0.56, num: width * 0.12, amount: width * 0.18 };
  const tableHeader = () => {
    doc.rect(left, y, width, 20).fill('#f4f5f7');
    doc.font('bold').fontSize(9).fillColor(INK);
    doc.text('Item', cols.item + 6, y + 6, { width: colW.item });
    doc.text('Qty', cols.qty, y + 6, { width: colW.num, align: 'right' });
    doc.text('Unit price', cols.unit, y + 6, { width: colW.num, align: 'right' });
    doc.text('Amount', cols.amount, y + 6, { width: colW.amount - 6, align: 'right' });
    y += 26;
  };
  const row = (label: string, qty: string, unit: string, amount: string, opts: { bold?: boolean; indent?: number; color?: string } = {}) => {
    doc.font(opts.bold ? 'bold' : 'body').fontSize(9).fillColor(opts.color ?? INK);
    const h = doc.heightOfString(label, { width: colW.item - (opts.indent ?? 0) });
    if (y + h > doc.page.height - doc.page.margins.bottom - 20) {
      doc.addPage();
      y = doc.page.margins.top;
      tableHeader();
      doc.font(opts.bold ? 'bold' : 'body').fontSize(9).fillColor(opts.color ?? INK);
    }
    doc.text(label, cols.item + 6 + (opts.indent ?? 0), y, { width: colW.item - (opts.indent ?? 0) });
    doc.text(qty, cols.qty, y, { width: colW.num, align: 'right' });
    doc.text(unit, cols.unit, y, { width: colW.num, align: 'right' });
    doc.text(amount, cols.amount, y, { width: colW.amount - 6, align: 'right' });
    y += h + 4;
  };
  tableHeader();
  for (const line of data.lines) {
    row(line.name, String(line.quantity), money(line.unitCents), money(line.amountCents), { bold: true });
    for (const d of line.details ?? []) row(d, '', '', '', { indent: 12, color: MUTED });
    for (const o of line.options) row(`+ ${o.name}`, String(o.quantity), money(o.unitCents), money(o.amountCents), { indent: 12, color: MUTED });
    if (line.note) row(`Note: ${line.note}`, '', '', '', { indent: 12, color: MUTED });
    y += 2;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 10;

  // totals, right-aligned under the amounts
  if (y > doc.page.height - doc.page.margins.bottom - 170) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const totals: [string, string][] = [['Subtotal', money(data.subtotalCents)]];
  if (data.receivingMethod === 'delivery') totals.push(['Delivery fee', money(data.deliveryFeeCents)]);
  if (data.cutlery.count > 0 || data.cutlery.cents > 0) totals.push([`Cutlery, plates and napkins (${data.cutlery.count})`, money(data.cutlery.cents)]);
  totals.push([taxLabel(data.tax.name, data.tax.ratePercent), money(data.tax.cents)]);
  const labelX = left + width * 0.45;
  const labelW = width * 0.37;
  for (const [k, v] of totals) {
    doc.font('body').fontSize(10).fillColor(INK).text(k, labelX, y, { width: labelW });
    doc.text(v, cols.amount, y, { width: colW.amount - 6, align: 'right' });
    y = doc.y + 4;
  }
  doc.moveTo(labelX, y).lineTo(right, y).strokeColor(INK).stroke();
  y += 6;
  doc.font('bold').fontSize(12).text(`Total (${data.currency.toUpperCase()})`, labelX, y, { width: labelW });
  doc.text(money(data.totalCents), cols.amount, y, { width: colW.amount - 6, align: 'right' });
  y = doc.y + 4;
  if (data.refundedCents > 0) {
    doc.font('body').fontSize(10).text('Refunded', labelX, y, { width: labelW });
    doc.text(`-${money(data.refundedCents)}`, cols.amount, y, { width: colW.amount - 6, align: 'right' });
    y = doc.y + 4;
  }

  // payment and footer
  y += 16;
  doc.font('bold').fontSize(9).fillColor(MUTED).text('PAYMENT', left, y, { characterSpacing: 0.5 });
  doc.font('body').fontSize(10).fillColor(INK).text(data.payment, left, doc.y + 2, { width });
  doc.text(`Order number ${data.orderNumber}`, left, doc.y + 2, { width });
  doc
    .font('body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Thank you for ordering with ${data.marketplace.name}. Questions about this invoice: ${data.marketplace.lines.at(-1) ?? ''}`, left, doc.y + 24, { width });
  doc.end();
  return doc;
}
