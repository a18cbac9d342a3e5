import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerCapacity, PartnerSettings } from '@caterway/contracts';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { saveFile } from '../../../lib/save-file';

const partner = connect(partnerClient);

// A restaurant's settings page (managers and owners): where orders are emailed, auto-accept and
// capacity; and its record of the last 90 days (everyone on the team).

export const useSettings = (chefId: number, enabled: boolean) =>
  useQuery({
    queryKey: partnerKeys.settings(chefId),
    queryFn: ({ signal }) => partner.settings(chefId, { signal }),
    enabled,
    meta: { handlesErrors: true },
  });

export function useSaveSettings(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerSettings) => partner.saveSettings(chefId, body),
    meta: { handlesErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(partnerKeys.settings(chefId), saved),
  });
}

export const useCapacity = (chefId: number, enabled: boolean) =>
  useQuery({
    queryKey: partnerKeys.capacity(chefId),
    queryFn: ({ signal }) => partner.capacity(chefId, { signal }),
    enabled,
    meta: { handlesErrors: true },
  });

export function useSaveCapacity(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerCapacity) => partner.saveCapacity(chefId, body),
    meta: { handlesErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(partnerKeys.capacity(chefId), saved),
  });
}

export const useStats = (chefId: number) =>
  useQuery({
    queryKey: partnerKeys.stats(chefId),
    queryFn: ({ signal }) => partner.stats(chefId, { signal }),
    meta: { handlesErrors: true },
  });

/** Downloads an order's kitchen ticket (a plain link cannot carry the bearer token). */
export function useTicket(chefId: number) {
  return useMutation({
    mutationFn: async ({ orderId, orderNumber }: { orderId: number; orderNumber: string }) =>
      saveFile(await partner.ticketPdf(chefId, orderId), `ticket_${orderNumber}.pdf`),
    meta: { handlesErrors: true },
  });
}

/** Downloads a group order's meal labels (one per person). */
export function useLabels(chefId: number) {
  return useMutation({
    mutationFn: async ({ orderId, orderNumber }: { orderId: number; orderNumber: string }) =>
      saveFile(await partner.labelsPdf(chefId, orderId), `labels_${orderNumber}.pdf`),
    meta: { handlesErrors: true },
  });
}

/** Downloads a day's prep list as PDF. */
export function usePrepList(chefId: number) {
  return useMutation({
    mutationFn: async (date: string) => saveFile(await partner.prepListPdf(chefId, date), `prep_list_${date}.pdf`),
    meta: { handlesErrors: true },
  });
}
export type { PartnerCapacity, PartnerSettings };
