import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF from the worker pool (a Buffer: no serialisation), never cached by shared caches.
 * `attachment` downloads it under `filename`; `inline` opens it in the browser.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
