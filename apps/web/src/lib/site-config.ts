import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigClient, siteConfigKeys } from '@caterway/contracts/client';
import { connect } from '../api/clients';

// GET api/v2/site_config: runtime settings the browser needs from the server: the group-order
// site's base URL (GROUP_ORDERS_URL on the server, which also builds share links), so the
// storefront build does not bake in where that site lives, and whether payments are in test
// mode (the sandbox provider: the shell's banner says no card is charged).

const siteConfig = connect(siteConfigClient);

export const getSiteConfig = (signal?: AbortSignal) => siteConfig.get({ signal });

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: siteConfigKeys.all,
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useSiteConfig = () => useQuery(siteConfigQueryOptions());
