/** Support contact shown in the verification-failed notice (browse-account-orders §8). */
export const SUPPORT_EMAIL = 'support@caterway.ca';
export const APP_NAME = 'Caterway';

/**
 * Where group orders live (ordering-payments §4 'Group Order': the user goes to the group-order
 * page with the saved delivery params as the query). The group-order site is its own SPA;
 * VITE_GROUP_ORDERS_URL points at it, else the same origin under /group-orders.
 */
export const GROUP_ORDERS_URL: string =
  (import.meta.env.VITE_GROUP_ORDERS_URL as string | undefined) || (typeof window !== 'undefined' ? `${window.location.origin}/group-orders` : '/group-orders');
