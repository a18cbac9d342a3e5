import { z } from 'zod';

/** GET api/v2/site_config: runtime settings the storefront reads from the server (no secrets). */
export const siteConfigResponseSchema = z
  .object({
    /** the group-order site's base URL (GROUP_ORDERS_URL): /grouporder-dashboard/{id}, /group-orders/{uuid} live under it */
    group_orders_url: z.string(),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;
