// Links to the separate group-order site (issue 6; ordering-payments §2 'Navigation bar', §4
// 'Group Order'). Its base URL is runtime config from the API (GET api/v2/site_config), so one
// storefront build works wherever the site is deployed.

/** `url` with ?admin_token=... when the user has one (the dashboard's key; sign-in answers it). */
export function withAdminToken(url: string, adminToken: string | null | undefined): string {
  if (!adminToken) return url;
  const hash = url.indexOf('#');
  const [head, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const params = new URLSearchParams(head.includes('?') ? head.slice(head.indexOf('?') + 1) : '');
  params.set('admin_token', adminToken);
  const path = head.includes('?') ? head.slice(0, head.indexOf('?')) : head;
  return `${path}?${params.toString()}${fragment}`;
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** /grouporder-dashboard/{creatorId} on the site, plus the admin token when there is one. */
export function groupOrderDashboardUrl(
  siteUrl: string,
  creatorId: number,
  adminToken: string | null | undefined,
): string {
  return withAdminToken(join(siteUrl, `/grouporder-dashboard/${creatorId}`), adminToken);
}

/** The delivery details the storefront saved, under their spec names (browse-account-orders §3). */
export interface SavedDeliveryParams {
  deliveryDate: string;
  deliveryTime: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

/** /group-orders/{uuid} on the site with the saved delivery params as the query (ordering-payments §4). */
export function groupOrderPageUrl(siteUrl: string, uuid: string, delivery: SavedDeliveryParams): string {
  const query = new URLSearchParams({
    delivery_date: delivery.deliveryDate,
    delivery_time: delivery.deliveryTime,
    address: delivery.address,
  });
  if (delivery.lat !== null) query.set('lat', String(delivery.lat));
  if (delivery.lng !== null) query.set('lng', String(delivery.lng));
  return `${join(siteUrl, `/group-orders/${encodeURIComponent(uuid)}`)}?${query.toString()}`;
}
