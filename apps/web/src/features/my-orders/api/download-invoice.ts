import { useMutation } from '@tanstack/react-query';
import { groupOrdersClient, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { saveFile } from '../../../lib/save-file';

const orders = connect(ordersClient);
const groupOrders = connect(groupOrdersClient);

/** The file name the spec gives an invoice (browse-account-orders §7). */
export const invoiceFileName = (id: number) => `order_${id}.pdf`;

// GET the invoice, saved as order_{id}.pdf: catering orders and group orders have their own paths (§7).
export async function downloadInvoice({
  id,
  kind = 'Catering Order',
}: {
  id: number;
  kind?: 'Catering Order' | 'Group Order';
}): Promise<void> {
  const pdf = kind === 'Group Order' ? groupOrders.invoicePdf(id) : orders.invoicePdf(id);
  saveFile(await pdf, invoiceFileName(id));
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
