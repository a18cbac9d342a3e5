import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { saveFile } from '../../../lib/save-file';

const orders = connect(ordersClient);

/**
 * Download PDF (browse-account-orders §7: GET api/v2/catering_order_invoices/{id}.pdf, saved as
 * order_{id}.pdf), with the session's token; a 401 signs the user out like any other call.
 */
export async function downloadInvoice(orderId: number): Promise<void> {
  saveFile(await orders.invoicePdf(orderId), `order_${orderId}.pdf`);
}
