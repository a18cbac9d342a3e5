import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// GET api/v2/catering_orders/{id}/credit_notes (docs/decisions/034): the order's invoice number and
// its credit notes, oldest first; the owner's only.
export const getCreditNotes = (id: number, signal?: AbortSignal) => orders.creditNotes(id, { signal });

export const creditNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.creditNotes(id),
    queryFn: ({ signal }) => getCreditNotes(id, signal),
    staleTime: 0,
  });

export const useCreditNotes = (id: number) => useQuery(creditNotesQueryOptions(id));
