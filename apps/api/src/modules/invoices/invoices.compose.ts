import type { AppDeps } from '../../lib/deps.js';
import { sharedPdfPool } from '../pdf-documents.js';
import { createInvoicesService } from './invoices.service.js';

// The invoices module's service wired from the app's dependencies.

/** The invoices service from the app's dependencies (these routes, the order paths that credit, group-order documents). */
export function invoicesServiceFrom(deps: Pick<AppDeps, 'db' | 'payments' | 'clock' | 'config'>) {
  return createInvoicesService({
    db: deps.db,
    payments: deps.payments,
    clock: deps.clock,
    company: deps.config.company,
    brand: { name: 'Caterway', supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl },
    pdf: sharedPdfPool(deps.config),
  });
}
