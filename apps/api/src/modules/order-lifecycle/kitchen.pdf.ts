import PDFDocument from 'pdfkit';
import { loadFonts } from '../../lib/pdf/fonts.js';

// The kitchen's documents (issue 19 part 2), drawn with pdfkit in the PDF worker pool like the
// invoice: an order's kitchen ticket (what to make, how to serve it, when and where it goes, who
// to call) and a day's prep list (every accepted order's dishes and options added up, then the
// orders in delivery order). Big type and plain layout: printed by the pass and read at arm's
// length. DejaVu Sans, so any dish or name prints as typed.

export interface KitchenTicketData {
  restaurant: string;
  orderNumber: string;
  status: string;
  /** 'Delivery' or 'Pickup', and when, in the restaurant's zone */
  receiving: string;
  when: string;
  address: string;
  instructions: string;
  servingStyle: string;
  cutlery: number;
  contact: { name: string; phone: string };
  company: string;
  items: { name: string; quantity: number; options: { name: string; quantity: number }[]; note: string }[];
}

export interface PrepListData {
  restaurant: string;
  /** the day, as people read it */
  day: string;
  dishes: { name: string; quantity: number; options: { name: string; quantity: number }[] }[];
  orders: { orderNumber: string; time: string; company: string; portions: number; servingStyle: string }[];
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9dee4';

async function start(title: string, subject: string) {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: title, Author: 'Caterway', Subject: subject },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { doc, left, width };
}

function rule(doc: PDFKit.PDFDocument, left: number, width: number) {
  doc.moveDown(0.4);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.6);
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string, left: number, width: number) {
  if (!value) return;
  doc.font('bold').fontSize(10).fillColor(MUTED).text(label.toUpperCase(), left, doc.y, { width });
  doc.font('body').fontSize(13).fillColor(INK).text(value, left, doc.y, { width });
  doc.moveDown(0.5);
}

/** An order's kitchen ticket. */
export async function renderKitchenTicket(data: KitchenTicketData): Promise<PDFKit.PDFDocument> {
  const { doc, left, width } = await start(`Kitchen ticket ${data.orderNumber}`, data.restaurant);
  doc.font('bold').fontSize(11).fillColor(MUTED).text(`${data.restaurant} · kitchen ticket`, left, doc.y, { width });
  doc.font('bold').fontSize(26).fillColor(INK).text(`Order ${data.orderNumber}`, { width });
  doc.font('bold').fontSize(16).text(`${data.receiving} ${data.when}`, { width });
  doc.font('body').fontSize(11).fillColor(MUTED).text(`Status: ${data.status}`, { width });
  rule(doc, left, width);

  const half = (width - 24) / 2;
  const top = doc.y;
  fact(doc, data.receiving === 'Pickup' ? 'Pickup' : 'Deliver to', data.address || '—', left, half);
  fact(doc, 'Instructions', data.instructions, left, half);
  const leftEnd = doc.y;
  doc.y = top;
  fact(doc, 'Contact', `${data.contact.name} · ${data.contact.phone}`, left + half + 24, half);
  fact(doc, 'Customer', data.company, left + half + 24, half);
  fact(
    doc,
    'Serving',
    `${data.servingStyle}${data.cutlery ? ` · cutlery for ${data.cutlery}` : ' · no cutlery'}`,
    left + half + 24,
    half,
  );
  doc.y = Math.max(doc.y, leftEnd);
  doc.x = left;
  rule(doc, left, width);

  doc.font('bold').fontSize(12).fillColor(MUTED).text('TO MAKE', left, doc.y, { width });
  doc.moveDown(0.3);
  if (data.items.length === 0) doc.font('body').fontSize(13).fillColor(INK).text('Nothing for this restaurant.');
  for (const item of data.items) {
    doc.font('bold').fontSize(15).fillColor(INK).text(`${item.quantity} × ${item.name}`, left, doc.y, { width });
    for (const o of item.options)
      doc
        .font('body')
        .fontSize(12)
        .text(`${o.quantity} × ${o.name}`, left + 24, doc.y, { width: width - 24 });
    if (item.note)
      doc
        .font('bold')
        .fontSize(12)
        .fillColor('#b42318')
        .text(`Note: ${item.note}`, left + 24, doc.y, { width: width - 24 });
    doc.moveDown(0.5);
  }
  doc.end();
  return doc;
}

/** A day's prep list: dishes and options added up over the accepted orders, then the orders. */
export async function renderPrepList(data: PrepListData): Promise<PDFKit.PDFDocument> {
  const { doc, left, width } = await start(`Prep list ${data.day}`, data.restaurant);
  doc.font('bold').fontSize(11).fillColor(MUTED).text(`${data.restaurant} · prep list`, left, doc.y, { width });
  doc.font('bold').fontSize(24).fillColor(INK).text(data.day, { width });
  const portions = data.orders.reduce((n, o) => n + o.portions, 0);
  doc
    .font('body')
    .fontSize(12)
    .fillColor(MUTED)
    .text(
      `${data.orders.length} accepted order${data.orders.length === 1 ? '' : 's'} · ${portions} serving${portions === 1 ? '' : 's'}`,
      { width },
    );
  rule(doc, left, width);
  if (data.dishes.length === 0) {
    doc.font('body').fontSize(14).fillColor(INK).text('No accepted orders are delivered this day.', left, doc.y);
    doc.end();
    return doc;
  }
  for (const dish of data.dishes) {
    doc.font('bold').fontSize(15).fillColor(INK).text(`${dish.quantity} × ${dish.name}`, left, doc.y, { width });
    for (const o of dish.options)
      doc
        .font('body')
        .fontSize(12)
        .text(`${o.quantity} × ${o.name}`, left + 24, doc.y, { width: width - 24 });
    doc.moveDown(0.4);
  }
  rule(doc, left, width);
  doc.font('bold').fontSize(12).fillColor(MUTED).text('ORDERS', left, doc.y, { width });
  doc.moveDown(0.3);
  for (const o of data.orders)
    doc
      .font('body')
      .fontSize(12)
      .fillColor(INK)
      .text(
        `${o.time} · ${o.orderNumber} · ${o.company || 'Customer'} · ${o.portions} servings · ${o.servingStyle}`,
        left,
        doc.y,
        { width },
      );
  doc.end();
  return doc;
}
