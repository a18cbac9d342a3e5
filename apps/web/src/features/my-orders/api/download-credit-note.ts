import { useMutation } from '@tanstack/react-query';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { saveFile } from '../../../lib/save-file';

const orders = connect(ordersClient);

// GET a credit note's PDF (the list's pdf_url), saved as {number}.pdf as the API names it.
export async function downloadCreditNote({ orderId, number }: { orderId: number; number: string }): Promise<void> {
  saveFile(await orders.creditNotePdf(orderId, number), `${number}.pdf`);
}

export const useDownloadCreditNote = () => useMutation({ mutationFn: downloadCreditNote });
