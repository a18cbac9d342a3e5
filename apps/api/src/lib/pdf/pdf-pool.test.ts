import { afterAll, describe, expect, it } from 'vitest';
import type { LabelSheetData } from '../../modules/group-order-documents/labels.pdf.js';
import { pdfRenderers, type PdfDocuments } from '../../modules/pdf-documents.js';
import { AppError } from '../errors.js';
import { createPdfPool, pdfMessages } from './pdf-pool.js';

const sheet = (n: number): LabelSheetData => ({
  orderNumber: 'CW-2026-000123',
  groupName: 'Friday lunch',
  restaurant: 'Crème Kitchen',
  deliveryOn: 'Fri, Mar 6, 2026 12:00 PM',
  company: 'Northwind',
  labels: Array.from({ length: n }, (_, i) => ({
    memberName: `Member ${i + 1}`,
    dietaryNeeds: i % 2 ? 'Vegan' : '',
    dish: 'Œufs brouillés',
  })),
});

describe('PDF worker pool', () => {
  const pool = createPdfPool<PdfDocuments>({ workers: 1, queueLimit: 2, timeoutMs: 20_000, renderers: pdfRenderers });
  afterAll(() => pool.close());

  it('renders documents in a worker thread: the event loop runs while a sheet is drawn', async () => {
    const first = await pool.render('labels', sheet(3)); // starts the worker
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    // 20 sheets of labels are seconds of pdfkit work; drawn on this thread, the timer could
    // only fire after the document was done
    let done = false;
    const big = pool.render('labels', sheet(200)).then((pdf) => {
      done = true;
      return pdf;
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(done).toBe(false);
    expect((await big).subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('refuses with 503 and Retry-After when the queue is full', async () => {
    const running = [
      pool.render('labels', sheet(40)),
      pool.render('labels', sheet(40)),
      pool.render('labels', sheet(40)),
    ];
    const refused = await pool.render('labels', sheet(1)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).toBe(pdfMessages.busy);
    expect((refused as AppError).headers).toEqual({ 'retry-after': '2' });
    await Promise.all(running);
  }, 30_000);

  it('answers a plain 500 when a document cannot be drawn, and keeps working', async () => {
    const err = await pool.render('labels', { labels: null } as unknown as LabelSheetData).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(500);
    expect((err as AppError).message).toBe(pdfMessages.failed);
    expect((await pool.render('labels', sheet(1))).subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);

  it('abandons a render that takes too long and starts a fresh worker', async () => {
    const quick = createPdfPool<PdfDocuments>({ workers: 1, queueLimit: 4, timeoutMs: 1, renderers: pdfRenderers });
    try {
      const err = await quick.render('labels', sheet(200)).then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as AppError).status).toBe(500);
      expect(quick.stats()).toEqual({ busy: 0, queued: 0, workers: 0 });
    } finally {
      await quick.close();
    }
  }, 30_000);
});
