import { z } from 'zod';

/** GET api/v2/site_config: runtime settings the storefront and the group-order site read from the server (no secrets). */
export const siteConfigResponseSchema = z
  .object({
    /** the group-order site's base URL (GROUP_ORDERS_URL): /grouporder-dashboard/{id}, /group-orders/{uuid} live under it */
    group_orders_url: z.string(),
    /**
     * payments run on the built-in sandbox provider (PAYMENTS=sandbox, or no Stripe keys outside
     * production): no card is charged, and both sites show a "Test mode" banner on every page
     */
    test_mode: z.boolean(),
    /** the support line (SUPPORT_EMAIL): the storefront's header menu, footer and every order say it */
    support_email: z.string(),
    /** the support line's phone number as customers read it (SUPPORT_PHONE, decision 066) */
    support_phone: z.string(),
    /**
     * the restaurant map's raster tile URL template (MAP_TILE_URL: {z}/{x}/{y}, OpenStreetMap-compatible);
     * '' when unset: the map panel draws its schematic (decision 067)
     */
    map_tile_url: z.string(),
    /** the tiles' attribution, shown on the map */
    map_tile_attribution: z.string(),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;

// The banner's text is TEST_MODE_NOTICE in @caterway/domain (its look: test-mode-banner.css): the
// sites import it from there, so the zod schemas stay out of their first chunk.
