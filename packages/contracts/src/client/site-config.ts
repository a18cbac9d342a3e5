import type { SiteConfigResponse } from '../site-config.js';
import type { CallOptions, Transport } from './transport.js';

// GET api/v2/site_config: runtime settings both sites read from the server (the group-order site's
// address, whether payments are in test mode). Public, no secrets.

/** Query keys of the site settings, shared by both apps. */
export const siteConfigKeys = { all: ['site-config'] as const };

export function siteConfigClient(send: Transport) {
  return {
    get: (o?: CallOptions) => send<SiteConfigResponse>('GET', '/api/v2/site_config', { ...o, auth: 'none' }),
  };
}

export type SiteConfigClient = ReturnType<typeof siteConfigClient>;
