import { describe, expect, it } from 'vitest';
import { invoiceData, invoiceLine, labelSheetData } from '../../../test/pdf-documents.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { renderLabelSheet } from '../../modules/group-order-documents/labels.pdf.js';
import { renderInvoice } from '../../modules/invoices/invoice.pdf.js';
import { loadFonts } from './fonts.js';

// The parsed fonts are shared by every document of a thread; each document must still embed
// the glyphs it draws (its own subset), whatever the documents before it drew.

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}

const invoice = (dish: string, addon: string) =>
  invoiceData({ lines: [invoiceLine(dish, 2, 1250, [{ name: addon, quantity: 1, unitCents: 150 }])] });

describe('PDF fonts', () => {
  it('are parsed once and shared', async () => {
    const first = await loadFonts();
    expect(await loadFonts()).toBe(first);
    expect(first.regular.postscriptName).toBe('DejaVuSans');
    expect(first.bold.postscriptName).toBe('DejaVuSans-Bold');
  });

  it('draw every name of each document as typed, whatever the documents before drew', async () => {
    const plain = await renderPdfPage(await collect(await renderInvoice(invoice('Grilled salmon', 'Extra sauce'))));
    expect(plain.inked('Grilled salmon')).toBe(true);
    const labels = await renderPdfPage(
      await collect(
        await renderLabelSheet(
          labelSheetData([{ memberName: 'Åsa Øberg', dietaryNeeds: 'Végétarien', dish: 'Smørrebrød' }]),
        ),
      ),
    );
    for (const needle of ['Åsa Øberg', 'Végétarien', 'Smørrebrød']) expect(labels.inked(needle), needle).toBe(true);
    // Œ and û: glyphs no document before this one drew
    const accented = await renderPdfPage(await collect(await renderInvoice(invoice('Crème brûlée', 'Œufs mimosa'))));
    for (const needle of ['Crème brûlée', '+ Œufs mimosa', 'Chez Zoë'])
      expect(accented.inked(needle), needle).toBe(true);
    expect(accented.text).not.toContain('Grilled salmon');
  }, 30_000);
});
