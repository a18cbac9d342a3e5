import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueClient, catalogueKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/presets/{id or slug} (ordering-payments §3 Preset): one restaurant or catering
// preset with its chefs, menus and default cart. 404 { error: 'Preset not found' } for an
// unknown id or slug; the pages send the visitor to /not-found then. A saved cart opened from
// its share link sends the link's share_token (decision 031).

const catalogue = connect(catalogueClient);

export const getPreset = (idOrSlug: string | number, signal?: AbortSignal, shareToken?: string) =>
  catalogue.preset(idOrSlug, { share_token: shareToken }, { signal });

export const presetQueryOptions = (idOrSlug: string | number, shareToken?: string) =>
  queryOptions({
    queryKey: catalogueKeys.preset(idOrSlug, shareToken),
    queryFn: ({ signal }) => getPreset(idOrSlug, signal, shareToken),
    staleTime: 60_000,
    // A 404 is an answer, not a hiccup: do not retry it.
    retry: (failureCount, error) =>
      !(error && 'status' in error && (error as { status: number }).status === 404) && failureCount < 2,
    meta: { handlesErrors: true },
  });

export const usePreset = (idOrSlug: string | number, shareToken?: string) =>
  useQuery(presetQueryOptions(idOrSlug, shareToken));
