import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creditNoteListSchema,
  creditNoteParamsSchema,
  errorResponses,
  idParamsSchema,
  invoiceParamsSchema,
  pdfResponses,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { sendPdf } from '../../lib/pdf/pdf-reply.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { invoicesServiceFrom } from './invoices.compose.js';

const tags = ['my orders'];
const bearer = [{ bearerAuth: [] }];

// The owner's documents only, like the invoice always was: another user's order, a draft or an
// unknown id answer 404 alike; staff have no access here (they have the operations console).
export function invoicesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = invoicesServiceFrom(deps);
  const confirmedUser = requireUser(deps, { confirmed: true });

  r.get(
    '/api/v2/catering_order_invoices/:id.pdf',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'The invoice of an order, as a PDF saved as order_{id}.pdf: numbered when first issued (delivery-ready or delivered, or at its first credit note), then the same document every time (404 before)',
        params: invoiceParamsSchema,
        response: pdfResponses('The invoice as PDF'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendPdf(reply, await service.invoicePdf(authUser(request).id, id), `order_${id}.pdf`);
    },
  );

  r.get(
    '/api/v2/catering_orders/:id/credit_notes',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "The credit notes of one of the user's orders (a decrease of its total after payment: an edit, a cancel or a decline), with its invoice number",
        params: idParamsSchema,
        response: { 200: creditNoteListSchema, ...errorResponses },
      },
    },
    async (request) => service.creditNotes(authUser(request).id, request.params.id),
  );

  r.get(
    '/api/v2/catering_orders/:id/credit_notes/:number.pdf',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: "One credit note of the user's order as a PDF saved as {number}.pdf (404 for another order's number)",
        params: creditNoteParamsSchema,
        response: pdfResponses('The credit note as PDF'),
      },
    },
    async (request, reply) => {
      const { id, number } = request.params;
      return sendPdf(reply, await service.creditNotePdf(authUser(request).id, id, number), `${number}.pdf`);
    },
  );
}
