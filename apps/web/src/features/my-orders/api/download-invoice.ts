import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The file name the spec gives an invoice (browse-account-orders §7). */
export const invoiceFileName = (id: number) => `order_${id}.pdf`;

/** Where an order's invoice is: catering orders and group orders have their own paths (§7). */
export const invoicePath = (kind: 'Catering Order' | 'Group Order', id: number) =>
  kind === 'Group Order' ? `/api/v2/group_order_invoices/${id}.pdf` : `/api/v2/catering_order_invoices/${id}.pdf`;

// GET the invoice, saved as order_{id}.pdf through a temporary link.
export async function downloadInvoice({ id, kind = 'Catering Order' }: { id: number; kind?: 'Catering Order' | 'Group Order' }): Promise<void> {
  const blob = await api.getBlob(invoicePath(kind, id));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = invoiceFileName(id);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the browser has taken the file once the click's task is over
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
