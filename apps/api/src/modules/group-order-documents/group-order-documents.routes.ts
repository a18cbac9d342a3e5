import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupOrderRefParamsSchema, pdfResponses } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { sendPdf } from '../../lib/pdf/pdf-reply.js';
import { authUser, requireCreator } from '../auth/auth.guard.js';
import { groupOrderLookupFrom } from '../group-orders/group-order-lookup.service.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { orderHistoryReadsFrom } from '../order-history/order-history-reads.service.js';
import { sharedPdfPool } from '../pdf-documents.js';
import { createGroupOrderDocumentsService } from './group-order-documents.service.js';

const tags = ['group orders'];
// the storefront sends the bearer token; the group-order site may send X-Admin-Token instead
const security = [{ bearerAuth: [] }];

export function groupOrderDocumentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createGroupOrderDocumentsService({
    groupOrders: groupOrderLookupFrom(deps.db),
    history: orderHistoryReadsFrom(deps.db),
    invoices: invoicesServiceFrom(deps),
    pdf: sharedPdfPool(deps.config),
  });
  const creator = requireCreator(deps);
  const pdf = pdfResponses('The document as PDF');

  r.get(
    '/api/v2/group_order_invoices/:ref.pdf',
    {
      preHandler: creator,
      schema: {
        tags,
        security,
        summary:
          "The invoice of the creator's group order (its combined order's, each member's meal), saved as order_{ref}.pdf, once delivery-ready or delivered; 404 otherwise",
        params: groupOrderRefParamsSchema,
        response: pdf,
      },
    },
    async (request, reply) => {
      const { ref } = request.params;
      const doc = await service.invoice(ref, authUser(request));
      return sendPdf(reply, doc, `order_${ref}.pdf`);
    },
  );

  r.get(
    '/api/v2/group_orders/:ref/labels.pdf',
    {
      preHandler: creator,
      schema: {
        tags,
        security,
        summary:
          "The restaurant's label sheet of a group order after its cut-off: one label per meal with the member's name and dietary needs (creator or staff)",
        params: groupOrderRefParamsSchema,
        response: pdf,
      },
    },
    async (request, reply) => {
      const { ref } = request.params;
      const doc = await service.labels(ref, authUser(request));
      return sendPdf(reply, doc, `group_order_${ref}_labels.pdf`, 'inline');
    },
  );
}
