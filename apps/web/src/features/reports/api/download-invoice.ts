import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../stores/session';

/**
 * Download PDF (browse-account-orders §7: GET api/v2/catering_order_invoices/{id}.pdf, saved as
 * order_{id}.pdf). A plain link cannot carry the bearer token, so the file is fetched and handed
 * to the browser as a blob.
 */
export async function downloadInvoice(orderId: number): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api/v2/catering_order_invoices/${orderId}.pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `order_${orderId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
