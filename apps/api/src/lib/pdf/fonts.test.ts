import { describe, expect, it } from 'vitest';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { renderInvoice, type InvoiceData } from '../../modules/order-history/invoice.pdf.js';
import { renderLabelSheet } from '../../modules/group-order-documents/labels.pdf.js';
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

const invoice = (dish: string, addon: string): InvoiceData => ({
  orderNumber: 'CW-2026-000321',
  orderId: 321,
  issuedOn: 'Mar 6, 2026',
  deliveryOn: 'Fri, Mar 6, 2026 12:00 PM',
  receivingMethod: 'delivery',
  status: 'Delivered',
  marketplace: { name: 'Caterway', lines: ['billing@caterway.test'] },
  restaurant: { name: 'Chez Zoë', lines: ['12 Queen St E, Toronto, ON'] },
  customer: { name: 'Dana Morgan', company: 'Northwind', phone: '', email: 'dana@example.test', addressLines: ['100 King St W, Toronto, ON'], instructions: '' },
  presetName: 'Team lunch',
  servingStyle: 'Buffet',
  lines: [{ name: dish, quantity: 2, unitCents: 1250, amountCents: 2500, options: [{ name: addon, quantity: 1, unitCents: 150, amountCents: 150 }], note: '' }],
  subtotalCents: 2650,
  deliveryFeeCents: 500,
  cutlery: { count: 0, cents: 0 },
  tax: { name: 'HST', ratePercent: 13, cents: 410 },
  totalCents: 3560,
  refundedCents: 0,
  currency: 'cad',
  payment: 'Visa ending in 4242',
});

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
        await renderLabelSheet({
          orderNumber: 'CW-2026-000322',
          groupName: 'Friday lunch',
          restaurant: 'Chez Zoë',
          deliveryOn: 'Fri, Mar 6, 2026 12:00 PM',
          company: 'Northwind',
          labels: [{ memberName: 'Åsa Øberg', dietaryNeeds: 'Végétarien', dish: 'Smørrebrød' }],
        }),
      ),
    );
    for (const needle of ['Åsa Øberg', 'Végétarien', 'Smørrebrød']) expect(labels.inked(needle), needle).toBe(true);
    // Œ and û: glyphs no document before this one drew
    const accented = await renderPdfPage(await collect(await renderInvoice(invoice('Crème brûlée', 'Œufs mimosa'))));
    for (const needle of ['Crème brûlée', '+ Œufs mimosa', 'Chez Zoë']) expect(accented.inked(needle), needle).toBe(true);
    expect(accented.text).not.toContain('Grilled salmon');
  }, 30_000);
});
