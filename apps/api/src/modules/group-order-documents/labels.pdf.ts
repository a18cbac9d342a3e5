import PDFDocument from 'pdfkit';
import { loadFonts } from '../../lib/pdf/fonts.js';

// The restaurant's label sheet of a group order (issue 6 item 4): one label per meal, to stick on
// each individually packaged portion, so the kitchen packs the right dish for the right person
// and sees their dietary needs. The grid is the common 2 × 5 sheet of 4" × 2" labels on US
// Letter (Avery 5163 and compatibles), so it prints straight onto label stock or plain paper
// (cut lines are drawn). DejaVu Sans, like the invoice, so any name prints as typed.

export interface MealLabel {
  memberName: string;
  /** as the member typed them; '' when none */
  dietaryNeeds: string;
  dish: string;
}

export interface LabelSheetData {
  orderNumber: string;
  groupName: string;
  restaurant: string;
  /** the delivery date and time as shown to people, in the order's zone */
  deliveryOn: string;
  company: string;
  labels: MealLabel[];
}

const PT = 72; // points per inch
const SHEET = { columns: 2, rows: 5, width: 4 * PT, height: 2 * PT, left: 0.156 * PT, top: 0.5 * PT, gap: 0.188 * PT };
const PER_PAGE = SHEET.columns * SHEET.rows;
const INK = '#1f2933';
const MUTED = '#616e7c';
const ALERT = '#b42318';
const CUT = '#c5ccd3';

/** The label sheet as a PDF stream; at least one page (an empty sheet says so). */
export async function renderLabelSheet(data: LabelSheetData): Promise<PDFKit.PDFDocument> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Meal labels ${data.orderNumber}`, Author: 'Caterway', Subject: `Group order ${data.groupName}` },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  const pages = Math.max(1, Math.ceil(data.labels.length / PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    // a line above the grid in the top margin: what this sheet is, and which page
    const headerWidth = doc.page.width - 2 * SHEET.left - 12;
    const header = `${data.restaurant} · Order ${data.orderNumber} · ${data.deliveryOn} · ${data.labels.length} meals · sheet ${page + 1} of ${pages}`;
    doc.font('body').fillColor(MUTED);
    doc.text(fitLine(doc, header, headerWidth, 7, 6), SHEET.left + 6, 16, { width: headerWidth, lineBreak: false });
    const onPage = data.labels.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
    if (onPage.length === 0) {
      doc
        .font('bold')
        .fontSize(12)
        .fillColor(INK)
        .text('No meals were chosen in this group order.', SHEET.left + 12, SHEET.top + 12);
    }
    onPage.forEach((label, i) => {
      const col = i % SHEET.columns;
      const row = Math.floor(i / SHEET.columns);
      drawLabel(
        doc,
        label,
        data,
        SHEET.left + col * (SHEET.width + SHEET.gap),
        SHEET.top + row * SHEET.height,
        page * PER_PAGE + i + 1,
      );
    });
  }
  doc.end();
  return doc;
}

/** Sets the largest size (down to min) at which text fits on one line; cuts it with '…' if even that is too wide. */
function fitLine(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): string {
  let size = max;
  doc.fontSize(size);
  while (size > min && doc.widthOfString(text) > width) doc.fontSize((size -= 0.5));
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function drawLabel(doc: PDFKit.PDFDocument, label: MealLabel, data: LabelSheetData, x: number, y: number, n: number) {
  const pad = 12;
  const w = SHEET.width - 2 * pad;
  doc
    .save()
    .roundedRect(x + 2, y + 2, SHEET.width - 4, SHEET.height - 4, 8)
    .dash(3, { space: 3 })
    .strokeColor(CUT)
    .lineWidth(0.75)
    .stroke()
    .restore();
  const line = (text: string, at: number, max: number, width = w) =>
    doc.text(fitLine(doc, text, width, max, Math.min(max, 7)), x + pad, at, { width, lineBreak: false });
  let top = y + pad;
  // who it is for, as large as fits
  doc.font('bold').fillColor(INK);
  doc.text(fitLine(doc, label.memberName, w - 30, 15, 10), x + pad, top, { width: w - 30, lineBreak: false });
  doc
    .font('body')
    .fontSize(7)
    .fillColor(MUTED)
    .text(`#${n}`, x + pad + w - 30, top + 4, { width: 30, align: 'right', lineBreak: false });
  top += 21;
  doc
    .font('body')
    .fontSize(10.5)
    .fillColor(INK)
    .text(label.dish, x + pad, top, { width: w, height: 28, ellipsis: true });
  top += 30;
  if (label.dietaryNeeds) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(ALERT)
      .text(`Dietary needs: ${label.dietaryNeeds}`, x + pad, top, { width: w, height: 24, ellipsis: true });
  } else {
    doc.font('body').fillColor(MUTED);
    line('Dietary needs: none noted', top, 9);
  }
  // the order's facts along the bottom
  const bottom = y + SHEET.height - pad - 20;
  doc
    .moveTo(x + pad, bottom - 4)
    .lineTo(x + pad + w, bottom - 4)
    .strokeColor(CUT)
    .lineWidth(0.5)
    .stroke();
  doc.font('body').fillColor(MUTED);
  line(`Order ${data.orderNumber} · ${data.restaurant}`, bottom, 7.5);
  line([data.deliveryOn, data.company].filter(Boolean).join(' · '), bottom + 10, 7.5);
}
