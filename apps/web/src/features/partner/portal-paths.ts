import { paths } from '../../config/paths';

// The restaurant portal's addresses, under paths.partner (/partner). They live with the portal
// rather than in config/paths.ts: that registry is in every page's first JavaScript, and the
// key pages' budget has no room for the portal's (decision 049).

/** The inbox's tabs (the orders list's `view`). */
export type PartnerOrdersView = 'waiting' | 'upcoming' | 'past';

/** The portal's routes, relative to /partner (app/routes/partner.tsx). */
export const portalRoutes = {
  invite: 'invite',
  /** a new order's Accept or Decline link from the restaurant's email (#token=...) */
  answer: 'answer',
  orders: ':chefId/orders',
  /** an order's own address, as the restaurants' emails link to it: opens it in the inbox */
  order: ':chefId/orders/:orderId',
  team: ':chefId/team',
  settings: ':chefId/settings',
  /** what the kitchen has run out of (decision 053) */
  soldOut: ':chefId/sold-out',
  /** the menu editor: dishes, options, categories and presets (decision 052) */
  menu: ':chefId/menu',
  photos: ':chefId/photos',
  calendar: ':chefId/calendar',
  statements: ':chefId/statements',
} as const;

const base = paths.partner.path;

export const portalPaths = {
  /** the signed-in person's restaurants */
  home: base,
  /** an invitation to a team: the emailed link carries its token in the fragment (#token=...) */
  invite: `${base}/invite`,
  /**
   * A restaurant's orders inbox: `view` picks the tab (waiting, the default, upcoming or past) and
   * `order` opens an order's detail (beside the list on a wide screen, over it on a phone).
   */
  orders: (chefId: number, view: PartnerOrdersView = 'waiting', orderId?: number) => {
    const query = new URLSearchParams();
    if (view !== 'waiting') query.set('view', view);
    if (orderId !== undefined) query.set('order', String(orderId));
    const search = query.toString();
    return `${base}/${chefId}/orders${search ? `?${search}` : ''}`;
  },
  /** a restaurant's team and invitations: managers, owners and operations */
  team: (chefId: number) => `${base}/${chefId}/team`,
  /** the restaurant's record, and for managers and owners its order emails, auto-accept and capacity */
  settings: (chefId: number) => `${base}/${chefId}/settings`,
  /** the dishes and options sold out, and the orders an 86 affects: everyone on the team */
  soldOut: (chefId: number) => `${base}/${chefId}/sold-out`,
  /** the restaurant's menu: everyone on the team reads it, managers and owners change it */
  menu: (chefId: number) => `${base}/${chefId}/menu`,
  /** the logo, banner and dish photos: everyone sees them, managers and owners change them */
  photos: (chefId: number) => `${base}/${chefId}/photos`,
  /** when the restaurant takes orders: weekly windows, closures, the pause, lead time (decision 055) */
  calendar: (chefId: number) => `${base}/${chefId}/calendar`,
  /**
   * The restaurant's statements (owners, managers, operations): `period` week or month (the
   * default), `start` any day of it (today's period when left out).
   */
  statements: (chefId: number, period: 'week' | 'month' = 'month', start?: string) => {
    const query = new URLSearchParams();
    if (period !== 'month') query.set('period', period);
    if (start) query.set('start', start);
    const search = query.toString();
    return `${base}/${chefId}/statements${search ? `?${search}` : ''}`;
  },
};
