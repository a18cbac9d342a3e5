import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The file name the spec gives an invoice (browse-account-orders §7). */
export const invoiceFileName = (id: number) => `order_${id}.pdf`;

/** Where an order's invoice is: catering orders and group orders have their own paths (§7). */
export const invoicePath = (kind: 'Catering Order' | 'Group Order', id: number) =>
  kind === 'Group Order' ? `/api/v2/group_order_invoices/${id}.pdf` : `/api/v2/catering_order_invoices/${id}.pdf`;

// GET the invoice, saved as order_{id}.pdf.
export async function downloadInvoice({
  id,
  kind = 'Catering Order',
}: {
  id: number;
  kind?: 'Catering Order' | 'Group Order';
}): Promise<void> {
  saveFile(await api.getBlob(invoicePath(kind, id)), invoiceFileName(id));
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
