import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { CreditNote } from './types';

// GET a credit note's PDF (the list's pdfUrl), saved as {number}.pdf as the API names it.
export async function downloadCreditNote(note: Pick<CreditNote, 'number' | 'pdfUrl'>): Promise<void> {
  saveFile(await api.getBlob(note.pdfUrl), `${note.number}.pdf`);
}

export const useDownloadCreditNote = () => useMutation({ mutationFn: downloadCreditNote });
