import PDFDocument from 'pdfkit';
import { formatCents } from '@caterway/domain';
import { loadFonts } from '../../lib/pdf/fonts.js';
import type { InvoiceData } from './invoices.types.js';

export type { InvoiceData, InvoiceLine, InvoiceSeller } from './invoices.types.js';

// An invoice or a credit note (issue 5 item 6; issue 17 part 2), drawn with pdfkit from the
// snapshot stored when the document was issued (invoices.service.ts), so a copy prints the same.
// It carries what a buyer needs to claim input tax credits on a supply of $100 and more: the
// supplier's name and GST/HST registration number, the document's date, the total, each tax with
// its rate, a description of the supply and the buyer's name (Input Tax Credit Information
// (GST/HST) Regulations, SOR/91-45 s. 3, https://laws-lois.justice.gc.ca/eng/regulations/SOR-91-45/),
// and Revenu Québec's QST registration number where QST is charged (docs/decisions/034).
// pdfkit's built-in fonts are WinAnsi only, so DejaVu Sans is embedded (names like "Crème
// brûlée" or "Œufs" print as typed); the fonts are parsed once per thread and shared by every
// document (lib/pdf/fonts.ts), each document embedding its own subset of their glyphs.
// Cost measured (`npm run bench:pdf-cpu`, 2 cores, load 4-6): 11-12.5 ms of CPU per 12-line
// invoice once warm, all of it synchronous: text shaping and line wrapping, then font subsetting
// and compression at end(). It runs in the PDF worker pool (lib/pdf/pdf-pool.ts), off the
// server's event loop.

export const SAMPLE_MARK = 'Sample registration number — demo only';
export const SAMPLE_NOTICE =
  'SAMPLE DOCUMENT — demo only: the supplier name, address and registration numbers are samples, not a valid tax invoice.';

const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#c2410c';
const RULE = '#d9dee4';

/** The document as a PDF stream (pdfkit's document is a Readable). */
export async function renderInvoice(data: InvoiceData): Promise<PDFKit.PDFDocument> {
  const { regular, bold } = await loadFonts();
  const credit = data.kind === 'credit_note';
  const title = credit ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    bufferPages: false,
    info: { Title: `${title} ${data.number}`, Author: data.seller.legalName, Subject: `Order ${data.orderNumber}` },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const money = (c: number) => (c < 0 ? `-${formatCents(-c)}` : formatCents(c));
  const s = data.seller;

  // header: the supplier on the left, the document's numbers on the right
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(ACCENT)
    .text(data.brand.name, left, 50, { width: width * 0.55 });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(s.legalName, { width: width * 0.55 });
  doc
    .font('body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(s.address, { width: width * 0.55 });
  for (const r of s.registrations) {
    doc
      .font('body')
      .fillColor(INK)
      .text(r, { width: width * 0.55 });
    if (s.sample)
      doc
        .font('bold')
        .fillColor(ACCENT)
        .text(SAMPLE_MARK, { width: width * 0.55 });
  }
  doc.font('body');
  doc.fillColor(MUTED);
  for (const line of data.brand.contact) doc.text(line, { width: width * 0.55 });
  const headerBottom = doc.y;
  doc.font('bold').fontSize(18).fillColor(INK).text(title.toUpperCase(), left, 50, { width, align: 'right' });
  doc.font('body').fontSize(9).fillColor(INK);
  const meta: [string, string][] = [
    [`${title} number`, data.number],
    [`${title} date`, data.issuedOn],
    ...(data.refersTo
      ? ([['Refers to invoice', `${data.refersTo.number} of ${data.refersTo.issuedOn}`]] as [string, string][])
      : []),
    ['Order number', data.orderNumber],
    [data.receivingMethod === 'delivery' ? 'Delivery' : 'Pickup', data.suppliedOn],
  ];
  for (const [k, v] of meta) doc.text(`${k}: ${v}`, left + width * 0.4, doc.y, { width: width * 0.6, align: 'right' });
  let y = Math.max(headerBottom, doc.y) + 10;
  if (s.sample) {
    doc.font('bold').fontSize(9).fillColor(ACCENT).text(SAMPLE_NOTICE, left, y, { width });
    y = doc.y + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 14;

  // parties: who pays, where the food goes, who cooks it
  const col = width / 3 - 10;
  const block = (x: number, heading: string, name: string, lines: string[]) => {
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(heading.toUpperCase(), x, y, { width: col, characterSpacing: 0.5 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(name, x, doc.y + 2, { width: col });
    doc.font('body').fontSize(9);
    for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y, { width: col });
    return doc.y;
  };
  const b = data.buyer;
  const bottoms = [
    block(left, 'Bill to', b.company || b.name, [b.company ? b.name : '', ...b.addressLines, b.phone, b.email]),
    block(
      left + width / 3 + 5,
      data.receivingMethod === 'delivery' ? 'Deliver to' : 'Pickup',
      data.destination.lines[0] ?? '',
      [
        ...data.destination.lines.slice(1),
        data.destination.instructions ? `Instructions: ${data.destination.instructions}` : '',
      ],
    ),
    block(left + (2 * width) / 3 + 10, 'Prepared by', data.restaurant.name, data.restaurant.lines),
  ];
  y = Math.max(...bottoms) + 14;
  if (data.references.length) {
    doc
      .font('body')
      .fontSize(9)
      .fillColor(INK)
      .text(data.references.map((r) => `${r.label}: ${r.value}`).join('     '), left, y, { width });
    y = doc.y + 6;
  }
  doc
    .font('body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Menu: ${data.presetName}    Serving style: ${data.servingStyle}`, left, y, { width });
  y = doc.y + 10;

  const cols = { item: left, qty: left + width * 0.58, unit: left + width * 0.7, amount: left + width * 0.82 };
  const colW = { item: width * 0.56, num: width * 0.12, amount: width * 0.18 };
  if (credit) {
    doc
      .font('body')
      .fontSize(10)
      .fillColor(INK)
      .text(data.reason ?? '', left, y, { width });
    y = doc.y + 14;
  } else {
    // items: each cart line, its add-ons indented beneath it
    const tableHeader = () => {
      doc.rect(left, y, width, 20).fill('#f4f5f7');
      doc.font('bold').fontSize(9).fillColor(INK);
      doc.text('Item', cols.item + 6, y + 6, { width: colW.item });
      doc.text('Qty', cols.qty, y + 6, { width: colW.num, align: 'right' });
      doc.text('Unit price', cols.unit, y + 6, { width: colW.num, align: 'right' });
      doc.text('Amount', cols.amount, y + 6, { width: colW.amount - 6, align: 'right' });
      y += 26;
    };
    const row = (
      label: string,
      qty: string,
      unit: string,
      amount: string,
      opts: { bold?: boolean; indent?: number; color?: string } = {},
    ) => {
      doc
        .font(opts.bold ? 'bold' : 'body')
        .fontSize(9)
        .fillColor(opts.color ?? INK);
      const h = doc.heightOfString(label, { width: colW.item - (opts.indent ?? 0) });
      if (y + h > doc.page.height - doc.page.margins.bottom - 20) {
        doc.addPage();
        y = doc.page.margins.top;
        tableHeader();
        doc
          .font(opts.bold ? 'bold' : 'body')
          .fontSize(9)
          .fillColor(opts.color ?? INK);
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
      for (const o of line.options)
        row(`+ ${o.name}`, String(o.quantity), money(o.unitCents), money(o.amountCents), { indent: 12, color: MUTED });
      if (line.note) row(`Note: ${line.note}`, '', '', '', { indent: 12, color: MUTED });
      y += 2;
    }
    doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();
    y += 10;
  }

  // amounts, right-aligned under the amounts column: each tax on its own line with its rate
  if (y > doc.page.height - doc.page.margins.bottom - 200) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const labelX = left + width * 0.4;
  const labelW = width * 0.42;
  if (credit) {
    doc.font('bold').fontSize(9).fillColor(MUTED).text('CREDITED', labelX, y, { width: labelW, characterSpacing: 0.5 });
    y = doc.y + 4;
  }
  for (const a of data.amounts) {
    doc.font('body').fontSize(10).fillColor(INK).text(a.label, labelX, y, { width: labelW });
    doc.text(money(a.cents), cols.amount, y, { width: colW.amount - 6, align: 'right' });
    y = doc.y + 4;
  }
  doc.moveTo(labelX, y).lineTo(right, y).strokeColor(INK).stroke();
  y += 6;
  doc
    .font('bold')
    .fontSize(12)
    .text(`${credit ? 'Total credited' : 'Total'} (${data.currency.toUpperCase()})`, labelX, y, { width: labelW });
  doc.text(money(data.totalCents), cols.amount, y, { width: colW.amount - 6, align: 'right' });
  y = doc.y + 20;

  // payment and footer
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(credit ? 'REFUND' : 'PAYMENT', left, y, { characterSpacing: 0.5 });
  doc
    .font('body')
    .fontSize(10)
    .fillColor(INK)
    .text(credit ? `Refunded to ${data.payment}` : data.payment, left, doc.y + 2, { width });
  doc
    .font('body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Thank you for ordering with ${data.brand.name}. Questions about this ${title.toLowerCase()}: ${data.brand.contact.at(-1) ?? ''}`,
      left,
      doc.y + 24,
      { width },
    );
  doc.end();
  return doc;
}
