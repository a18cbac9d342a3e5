import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The file name the spec gives an invoice (browse-account-orders §7). */
export const invoiceFileName = (id: number) => `order_${id}.pdf`;

// GET api/v2/catering_order_invoices/{id}.pdf, saved as order_{id}.pdf through a temporary link.
export async function downloadInvoice(id: number): Promise<void> {
  const blob = await api.getBlob(`/api/v2/catering_order_invoices/${id}.pdf`);
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
